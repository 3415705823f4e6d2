// An issue change is written as an update of only the attributes it changes, not as a whole-item
// put: the AI worker annotates issues (ai_* attributes) without bumping their version, and a put
// built from an earlier read would silently drop an annotation that landed in between, leaving a
// charged credit without its stored suggestion.

type Item = Record<string, unknown>;

export interface IssueUpdate {
  UpdateExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

const KEY_ATTRIBUTES = new Set(['pk', 'sk']);

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** SET for attributes added or changed from `before` to `after`, REMOVE for attributes dropped. */
export function issueUpdate(before: Item, after: Item): IssueUpdate {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  let n = 0;
  for (const [name, value] of Object.entries(after)) {
    if (KEY_ATTRIBUTES.has(name) || value === undefined || same(before[name], value)) continue;
    names[`#a${n}`] = name;
    values[`:v${n}`] = value;
    sets.push(`#a${n} = :v${n}`);
    n++;
  }
  for (const name of Object.keys(before)) {
    if (KEY_ATTRIBUTES.has(name) || (after[name] !== undefined && name in after)) continue;
    names[`#a${n}`] = name;
    removes.push(`#a${n}`);
    n++;
  }
  const expression = [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean).join(' ');
  return { UpdateExpression: expression, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}
