import { firstWordAsWritten } from '../../profile/lead-words';
import { fold, isMissing } from '../../profile/values';
import type { Candidate } from './candidates';
import { pairKey, symmetricKey, type ContestedGroup, type DependencyHit, type DependencyIndex, type ProfileIndex } from './profile-index';
import { filledShareOf, quote, rows, type RuleInput } from './rule-input';
import { differsOnlyInDigits, editDistance } from './typo';

// Values implied by the other columns of the row: when key -> attribute holds in most rows, the
// rows that share this row's key say what its attribute should be. The failed row itself is one
// of its group (with the failed value), so the evidence is the rest of the group. Where rows come
// from several sources, each row's vote weighs its source's trust (truth discovery, see the
// profile's sources.ts), so a group split between a trusted and a careless source still speaks.

const RELIABILITY = 0.97;

/** Bounds of the chance that two rows agree on a column, and the most a relation's strength is read as, as odds are read from them. */
const CHANCE_BOUNDS: readonly [number, number] = [0.01, 0.9];
const MAX_HOLDS = 0.99;

/**
 * How far the row's other columns bear out its determinant. A key that was itself written wrong
 * (carried in from another row) implies a whole other entity, and the row's other columns say so;
 * but in a noisy table a right key's row also disagrees with what it implies, as often as each
 * relation fails (its strength), and a column most rows share agrees with any key. So each
 * column the key implies weighs as the odds it gives: agreeing, its relation's strength against
 * the chance that two rows agree on it; disagreeing, the relation's failures against the chance
 * that they do not. The prior that a key is right is the share of rows that hold the table's
 * strongest relation; the result is the posterior over that prior, at most 1: 1 where the row
 * bears its key out at least as well as a row does on average, less where it does not (with a
 * third of the cells spoilt, two of four columns that agree still bear a key out; in a clean table
 * one that disagrees says a lot). It was the Laplace-smoothed share of those columns that agree,
 * which read a noisy table's rows as keys carried in. A column holding a slip of what the key
 * implies bears the key out: its entity is the key's. A group with no majority in a column counts
 * too: the row bears its key out there where another row of the group shares its value, and not
 * where none does (skipping such groups left every disagreeing pair unread, so a rare key carried
 * into two other entities' rows still spoke for them: tune and report tables of places at 30 %
 * errors, F1 +0.016 to +0.030, and no table below its figure by more than 0.002).
 */
function rowConsistency(index: ProfileIndex, row: NonNullable<RuleInput['row']>, from: string, target: string): number {
  const determinant = row[from];
  if (determinant === null || determinant === undefined) return 1;
  let odds = 1;
  const key = index.classKey(from)(determinant);
  for (const { dependency, lookup, contested } of index.from.get(from) ?? []) {
    if (dependency.to === target) continue;
    const actual = row[dependency.to];
    if (actual === null || actual === undefined || actual.trim() === '') continue;
    const classOf = index.classKey(dependency.to);
    const hit = lookup.get(key);
    const contest = hit ? undefined : contested.get(key);
    let agrees: boolean;
    // A group of one row (the key's other rows left the column blank) may be the row itself.
    if (hit && hit.size >= 2) agrees = classOf(hit.value) === classOf(actual) || echoes(actual, hit.value);
    else if (contest && contest.size >= 2) {
      // A group without a majority (the row is one of its rows): the row agrees where another row
      // shares its value, and not where none does (a key carried into rows of other entities).
      const shared = contest.leaders.find((l) => classOf(l.value) === classOf(actual));
      agrees = (shared !== undefined && shared.count >= 2) || contest.leaders.some((l) => classOf(l.value) !== classOf(actual) && echoes(actual, l.value));
    } else continue;
    const chance = Math.min(CHANCE_BOUNDS[1], Math.max(CHANCE_BOUNDS[0], index.columns.get(dependency.to)?.sameValueChance ?? 0));
    const holds = Math.min(MAX_HOLDS, dependency.strength);
    // A cell that holds a slip of what the key implies ("Ostrby Pier") names the same entity.
    odds *= agrees ? holds / chance : (1 - holds) / (1 - chance);
  }
  const right = Math.min(MAX_HOLDS, Math.max(0.5, index.strongestRelation));
  return Math.min(1, odds / (right * odds + 1 - right));
}

/**
 * A value is the implied one with a slip or two ("Varnhlom Field" for "Varnholm Field"): the row's
 * key does belong to that group, whatever its other columns say (at a high error rate they are
 * spoilt too). Words only, and not a digit for a digit: "Tern 82" is another vessel than "Tern 81".
 */
function echoes(current: string, implied: string): boolean {
  if (!/\p{L}/u.test(current) || isMissing(current)) return false;
  const a = current.trim().toLowerCase();
  const b = implied.trim().toLowerCase();
  if (a === b) return true;
  return Math.min(a.length, b.length) >= 6 && !differsOnlyInDigits(a, b) && editDistance(a, b) <= 2;
}

/** The row's consistency with its key, unless the failed value vouches for the key (checked only where the row disagrees). */
const vouched = (consistency: number, current: string, implied: string) => (consistency < 1 && echoes(current, implied) ? 1 : consistency);

/**
 * How likely a group's weighted lead is right: each row's weight is the log-odds of its source's
 * accuracy, so the lead's weight less the others' is the log-odds that the lead is right (ACCU,
 * two values), started from the share the lead holds for a group of few or light rows.
 */
export function weightedAgreement(lead: number, rest: number): number {
  const share = (lead + 0.5) / (rest + 1);
  const posterior = 1 / (1 + Math.exp(-(lead - (rest - lead))));
  return Math.max(share, Math.min(0.99, posterior));
}

/**
 * A relation's strength (the share of rows that agree with their group's majority) as it bears on
 * a group of `size` rows: the strength counts the same disagreement the group's share (or weighted
 * vote) has already read, row by row, so a large group's vote is discounted by it less — in full
 * for a group of two, by its square root for four, its fourth root for eight.
 */
export const groupStrength = (strength: number, size: number) => strength ** Math.min(1, 2 / Math.max(1, size));

/**
 * What the rest of a group one row can turn says, the failed row's own value left out: a group of
 * two rows that disagree has no majority, yet the other row names the value; where the failed
 * value leads by one row, the runner-up is the rest's majority. None where the rest is level.
 */
export function restOfGroup(group: ContestedGroup, current: string, ownWeight: number, classOf: (value: string) => string = (v) => v): DependencyHit | undefined {
  const own = classOf(current);
  const [a, b] = group.leaders.map((l) => (classOf(l.value) === own ? { ...l, count: l.count - 1, ...(l.weight !== undefined ? { weight: l.weight - ownWeight } : {}) } : l)) as [ContestedGroup['leaders'][0], ContestedGroup['leaders'][1]];
  const score = (l: typeof a) => l.weight ?? l.count;
  // Where the rest is level, the one of the two the failed value is a slip of ("Varnhlom Field"
  // between "Varnholm Field" and "Ostreby Pier") leads.
  const echoed = score(a) === score(b) ? [a, b].filter((l) => echoes(current, l.value)) : [];
  if (score(a) === score(b) && echoed.length !== 1) return undefined;
  const lead = echoed[0] ?? (score(a) > score(b) ? a : b);
  // The group's other values (a third, a fourth) are not kept: together they must not reach the lead.
  const [first, second] = group.leaders;
  const others = group.groupWeight !== undefined && first.weight !== undefined && second.weight !== undefined ? group.groupWeight - first.weight - second.weight : group.size - first.count - second.count;
  if (others > 0 && others >= score(lead) - 1e-9) return undefined;
  return { value: lead.value, count: lead.count, size: group.size, ...(lead.weight !== undefined && group.groupWeight !== undefined ? { weight: lead.weight, groupWeight: group.groupWeight } : {}) };
}

export function dependencyCandidates(input: RuleInput): Candidate[] {
  const { index, row, column, current, col } = input;
  if (!index || !row) return [];
  // The group's votes count only its filled rows, so a marker's are discounted by how often the
  // column is left empty.
  const filledShare = filledShareOf(input);
  const out: Candidate[] = [];
  const trust = index.sourceWeights;
  const source = trust ? row[trust.column] : undefined;
  const ownWeight = trust && source != null ? (trust.weights.get(source) ?? 1) : 1;
  // A blank or a marker is no value: the groups were counted without the failed row.
  const inGroup = !isMissing(current);
  const classOf = index.classKey(column);
  // What a determinant's group says about the failed row: the rest of the group where one row can
  // turn it, its majority otherwise; nothing where that is the failed value itself.
  const voteOf = (groups: { lookup: ReadonlyMap<string, DependencyHit>; contested: ReadonlyMap<string, ContestedGroup> }, key: string) => {
    const contest = groups.contested.get(key);
    const hit = contest ? restOfGroup(contest, current, ownWeight, classOf) : groups.lookup.get(key);
    if (!hit || hit.value === current) return undefined;
    // A group of one row (kept where the key's other rows left the column blank) never holds the
    // failed row: a failed row with a value outside it is counted as a blank's is.
    const outside = !inGroup || hit.size < 2;
    // Laplace-smoothed share of the other rows of the group that agree (weighted by their
    // sources' trust when the dataset has a source column). The failed row is one of the group's
    // rows where it holds a value, and is counted in as one that does not agree where it holds none
    // (one other row naming a value is not yet a certain majority).
    const agreement = hit.weight !== undefined && hit.groupWeight !== undefined ? weightedAgreement(hit.weight, Math.max(hit.weight, hit.groupWeight - (outside ? 0 : ownWeight))) : (hit.count + 0.5) / (hit.size + (outside ? 1 : 0));
    const counted = `${hit.count} of ${contest && !outside ? `the other ${rows(hit.size - 1)}` : rows(hit.size)}`;
    return { hit, agreement, counted, others: outside ? hit.size : hit.size - 1 };
  };
  for (const groups of index.into.get(column) ?? []) {
    const { dependency, firstWordOf } = groups;
    const determinant = row[dependency.from];
    if (determinant === null || determinant === undefined) continue;
    // A relation from a name's first word looks the row up by that word (a maker, a genus).
    const word = firstWordOf?.(determinant);
    if (firstWordOf && word === undefined) continue;
    const vote = voteOf(groups, word ?? index.classKey(dependency.from)(determinant));
    if (!vote) continue;
    const { hit, agreement, counted, others } = vote;
    const which = word === undefined ? `Rows with the same ${dependency.from} (${quote(determinant)})` : `Rows whose ${dependency.from} starts with ${quote(firstWordAsWritten(determinant)!)}`;
    out.push({
      value: hit.value,
      p: Math.min(0.97, agreement * filledShare * groupStrength(dependency.strength, hit.size) * RELIABILITY * vouched(rowConsistency(index, row, dependency.from, column), current, hit.value)),
      family: 'dependency',
      rule: word === undefined ? `dependency:${dependency.from}` : `dependency:${dependency.from}:first-word`,
      support: others,
      reason: `${which} have ${dependency.to} ${quote(hit.value)} (${counted}${hit.weight !== undefined ? ', weighing each row by how often its source agrees with the others' : ''}).`,
    });
  }
  // Two cells of the row swapped: what the key's group says this column holds is the row's value
  // in another column, and what it says that column holds is the failed value. Either fits both
  // columns by form, but the entity's other rows say which is which.
  // A group one row can turn says what its other rows hold (restOfGroup), the row's own cell left out.
  const groupSays = (groups: DependencyIndex, key: string, own: string, classOfOwn: (value: string) => string) => {
    const contest = groups.contested.get(key);
    return groups.lookup.get(key) ?? (contest ? restOfGroup(contest, own, ownWeight, classOfOwn) : undefined);
  };
  for (const groups of index.into.get(column) ?? []) {
    const { dependency } = groups;
    const determinant = row[dependency.from];
    if (determinant === null || determinant === undefined || !inGroup || groups.firstWordOf) continue;
    const key = index.classKey(dependency.from)(determinant);
    const here = groupSays(groups, key, current, classOf);
    if (!here || here.size < 2 || classOf(here.value) === classOf(current)) continue;
    for (const other of index.from.get(dependency.from) ?? []) {
      const name = other.dependency.to;
      const theirs = row[name];
      if (name === column || theirs === null || theirs === undefined || isMissing(theirs)) continue;
      const classThere = index.classKey(name);
      const there = groupSays(other, key, theirs, classThere);
      if (!there || there.size < 2 || classThere(there.value) !== classThere(current) || classOf(theirs) !== classOf(here.value)) continue;
      const agreement = Math.sqrt(((here.count + 0.5) / here.size) * ((there.count + 0.5) / there.size));
      out.push({
        value: here.value,
        p: Math.min(0.97, agreement * Math.sqrt(dependency.strength * other.dependency.strength) * RELIABILITY),
        family: 'swap',
        rule: `swap:${name}:${dependency.from}`,
        support: Math.min(here.size, there.size) - 1,
        reason: `Rows with the same ${dependency.from} (${quote(determinant)}) have ${column} ${quote(here.value)} and ${name} ${quote(there.value)}: the two cells were swapped.`,
      });
    }
  }
  // Two columns that together determine this one: the rows with the same two values vote the same
  // way, the row's consistency read for each column.
  const byTwo = (groups: Parameters<typeof voteOf>[0], [a, b]: readonly [string, string], strength: number, keyOf: (x: string, y: string) => string, rule: string, rowsLike: (x: string, y: string) => string) => {
    const first = row[a];
    const second = row[b];
    if (first === null || first === undefined || second === null || second === undefined) return;
    const vote = voteOf(groups, keyOf(first, second));
    if (!vote) return;
    const { hit, agreement, counted, others } = vote;
    const consistency = vouched(rowConsistency(index, row, a, column) * rowConsistency(index, row, b, column), current, hit.value);
    out.push({
      value: hit.value,
      p: Math.min(0.97, agreement * filledShare * groupStrength(strength, hit.size) * RELIABILITY * consistency),
      family: 'dependency',
      rule,
      support: others,
      reason: `${rowsLike(first, second)} have ${column} ${quote(hit.value)} (${counted}).`,
    });
  };
  // In order (a product and a region -> a price)…
  for (const groups of index.pairsInto.get(column) ?? []) {
    const { from, and, strength } = groups.dependency;
    const [fromKey, andKey] = [index.classKey(from), index.classKey(and)];
    byTwo(groups, [from, and], strength, (x, y) => pairKey(fromKey(x), andKey(y)), `dependency:${from}+${and}`, (x, y) => `Rows with the same ${from} and ${and} (${quote(x)}, ${quote(y)})`);
  }
  // …or either way round (the distance between two airports, whichever is the origin).
  for (const groups of index.symmetricInto.get(column) ?? []) {
    const { between, strength } = groups.dependency;
    const endKey = index.classKey(between[0]);
    byTwo(groups, between, strength, (x, y) => symmetricKey(endKey(x), endKey(y)), `dependency:${between[0]}~${between[1]}`, (x, y) => `Rows with ${between[0]} and ${between[1]} ${quote(x)} and ${quote(y)}, either way round`);
  }
  // One end and the dependent name the other end: the airport at this distance from that one,
  // from flights either way. Where two ends are that far, the one more rows name leads, by its share.
  for (const groups of index.symmetricEnds.get(column) ?? []) {
    const { between, to, strength } = groups.dependency;
    const endColumn = between[0] === column ? between[1] : between[0];
    const end = row[endColumn];
    const value = row[to];
    if (end === null || end === undefined || value === null || value === undefined || isMissing(end) || isMissing(value)) continue;
    const endKey = index.classKey(between[0]);
    const options = (groups.partners.get(pairKey(endKey(end), index.classKey(to)(value))) ?? []).filter((o) => endKey(o.value) !== endKey(current));
    if (options.length === 0) continue;
    const best = options.reduce((x, y) => (y.count > x.count ? y : x));
    if (options.some((o) => o !== best && o.count === best.count)) continue;
    const share = best.count / options.reduce((sum, o) => sum + o.count, 0);
    // The failed row is in none of these groups (its end and value name no pair of them yet): the
    // smoothed share counts it in as a row that does not agree, as a blank's group does.
    const agreement = (best.count + 0.5) / (best.size + 1);
    out.push({
      value: best.value,
      p: Math.min(0.97, agreement * share * filledShare * strength * RELIABILITY * rowConsistency(index, row, endColumn, column)),
      family: 'dependency',
      rule: `dependency:${endColumn}+${to}~`,
      support: best.size,
      reason: `Rows between ${quote(end)} and ${quote(best.value)}, either way round, have ${to} ${quote(value)} (${best.count} of ${rows(best.size)}).`,
    });
  }
  // The rest of a group may write the value in another case or spacing than the column does
  // ("MAIN HALL" where most rows read "Main Hall"): the value it names is the column's spelling.
  const spelling = (value: string) => {
    const usual = col?.byFolded.get(fold(value));
    return usual !== undefined && usual !== value && (col?.counts.get(usual) ?? 0) > (col?.counts.get(value) ?? 0) ? usual : value;
  };
  // (A spelling equal to the failed value is dropped with every rule's: runRules.)
  return out.map((c) => ({ ...c, value: spelling(c.value) }));
}
