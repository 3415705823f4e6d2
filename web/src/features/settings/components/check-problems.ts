import type { CheckType } from '../../../../../shared/schemas/checks';
import { PARAMS } from './check-draft';

// Turns validation problems of a checks config (the server's details, or the shared schema's
// issues in the browser: both name the field by its path, e.g. "checks.2.subcategory.name") into
// what the check editor shows: one sentence per problem, on the field it is about.

export interface Problem {
  field?: string;
  message?: string;
}

/** The editor's field keys: the draft's own fields and its type's parameters (PARAMS keys). */
export type FieldKey = string;

export interface EditorProblems {
  /** Per check (by index): field key → the sentence shown under that field (the first problem only). */
  checks: Map<number, Map<FieldKey, string>>;
  /** The owner field's sentence. */
  owner?: string;
  /** Problems that belong to no single field (e.g. too many checks). */
  general: string[];
  /** How many sentences in all (for the summary). */
  count: number;
}

const LABELS: Record<string, string> = {
  type: 'Type',
  name: 'Name',
  column: 'Column',
  dimension: 'Dimension',
  subcategory: 'Subcategory',
  priority: 'Priority',
  severity: 'Severity',
};

/** Where a path after "checks.N." shows in the editor. */
function fieldOf(rest: string[]): FieldKey {
  const [head, second] = rest;
  if (head === 'subcategory') return second === 'priority' ? 'priority' : 'subcategory';
  return head ?? 'name';
}

export function labelOf(field: FieldKey, type: CheckType | undefined): string {
  if (LABELS[field]) return LABELS[field];
  const param = type ? PARAMS[type].find((p) => p.key === field) : undefined;
  // "Allowed values (comma separated)" reads "Allowed values" in a sentence.
  return param ? param.label.replace(/\s*\(.*\)$/, '') : field;
}

/** "checks.0.name" inside a message (e.g. a uniqueness clash) reads as "check 1". */
const humanise = (message: string) => message.replace(/checks\.(\d+)(?:\.[\w.]+)?/g, (_, i: string) => `check ${Number(i) + 1}`);

export function editorProblems(problems: readonly Problem[], types: readonly (CheckType | undefined)[]): EditorProblems {
  const result: EditorProblems = { checks: new Map(), general: [], count: 0 };
  for (const problem of problems) {
    const path = (problem.field ?? '').replace(/^body\./, '').split('.').filter((p) => p !== '');
    const message = humanise((problem.message ?? 'is not valid').trim());
    if (path[0] === 'checks' && path.length >= 3 && /^\d+$/.test(path[1]!)) {
      const index = Number(path[1]);
      const field = fieldOf(path.slice(2));
      const fields = result.checks.get(index) ?? new Map<FieldKey, string>();
      if (!fields.has(field)) {
        fields.set(field, `${labelOf(field, types[index])} ${message}`);
        result.count += 1;
      }
      result.checks.set(index, fields);
    } else if (path[0] === 'ownerRule') {
      if (result.owner === undefined) {
        result.owner = `Owner of failed rows ${message}`;
        result.count += 1;
      }
    } else {
      const sentence = path[0] === 'checks' ? `Checks: ${message}` : path.length ? `${path.join(' ')} ${message}` : message;
      if (!result.general.includes(sentence)) {
        result.general.push(sentence);
        result.count += 1;
      }
    }
  }
  return result;
}

/** The id of the element that carries a field's sentence (aria-describedby points at it). */
export const problemId = (index: number, field: FieldKey) => `check-${index}-${field}-problem`;
