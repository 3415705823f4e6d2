import { amountUnit, identityText, solveAll } from '../../profile/arithmetic';
import { solveGroupRatio } from '../../profile/group-ratios';
import { columnOf, decimalsOfColumn } from '../../profile/profile';
import { isMissing } from '../../profile/values';
import { writeInUnit } from '../../profile/unit-form';
import { asWritten, inPointForm } from '../comma-columns';
import type { SuggestionRequest } from '../provider';

// The compact prompt for an LLM provider: the failed cell, its row, the column's profile
// (type, frequent values and shapes, numbers, missing markers, what other columns imply) and a
// few fixes people made in the column. Kept small: an LLM call is billed by its length.

const MAX_VALUE = 120;
const TOP_VALUES = 15;
const FIX_EXAMPLES = 8;

/** The rows a relation holds in, of those it was read on ("1346/1349"). */
const heldIn = (r: { holds: number; rows: number }) => `${Math.round(r.holds * r.rows)}/${r.rows}`;

const cut = (v: string) => (v.length > MAX_VALUE ? `${v.slice(0, MAX_VALUE)}…` : v);

export const SYSTEM_PROMPT = [
  'You repair one failed cell of a data table. A data-quality check flagged its current value as wrong.',
  'Use the row, the column profile and earlier fixes. Do not invent facts that the context does not support.',
  'Answer with one JSON object and nothing else:',
  '{"suggestedValue": string | null, "confidence": integer 0-100, "reasoning": string (one or two plain sentences)}',
  'confidence is how often a suggestion like yours is right. Use suggestedValue null when the evidence is weak.',
].join('\n');

export function userPrompt(request: SuggestionRequest): string {
  const { issue, profile, learned } = request;
  const column = columnOf(profile, issue.issue_column);
  // The profile reads decimal-comma columns with a decimal point: the row is looked up that way,
  // and what the profile says of the column is written back with its comma.
  const row = inPointForm(request).issue.row;
  const written = (value: string) => asWritten(profile, issue.issue_column, value);
  const context: Record<string, unknown> = {
    column: issue.issue_column,
    currentValue: issue.current_value,
    check: issue.check_name ?? null,
    dimension: issue.taxonomy?.dimension.key ?? null,
  };
  if (issue.row) context.row = Object.fromEntries(Object.entries(issue.row).map(([k, v]) => [k, v === null ? null : cut(v)]));
  if (column) {
    context.profile = {
      type: column.type,
      filled: column.filled,
      missing: column.missing,
      missingMarkers: column.markers.map(([m]) => m),
      frequentValues: column.values.slice(0, TOP_VALUES).map(([v, n]) => [cut(written(v)), n]),
      shapes: column.shapes.slice(0, 5),
      ...(column.numeric ? { numbers: { min: column.numeric.min, max: column.numeric.max, median: column.numeric.median } } : {}),
      ...(column.dateLayout ? { dateLayout: column.dateLayout } : {}),
      // How the column writes the unit of its numbers ("39.2 mm", "$27.40"), where it has one way.
      ...(column.unit ? { unit: { spelling: column.unit.spelling, before: !!column.unit.before, spaced: column.unit.spaced, decimals: column.unit.decimals } } : {}),
      // A column that writes a decimal comma ("14,5", "1.250,75"), and how it groups thousands.
      ...(column.decimalComma ? { decimalComma: { groupsThousandsWith: column.decimalComma.group ?? null } } : {}),
      // The country code nearly all of a column of phone numbers write ("47").
      ...(column.countryCode ? { countryCode: column.countryCode } : {}),
      // The barcodes (GTIN, with a check digit) nearly all its values are, by their length (13).
      ...(column.gtin ? { barcodeDigits: column.gtin } : {}),
      // The start and end nearly all of its values share ("SKU-", "https://shop.example/p/").
      ...(column.affix ? { sharedStart: cut(column.affix.prefix), sharedEnd: cut(column.affix.suffix) } : {}),
    };
  }
  if (profile && row) {
    const implied: Array<{ from: string; value: string; share: string }> = [];
    for (const dependency of profile.dependencies.filter((d) => d.to === issue.issue_column)) {
      const from = columnOf(profile, dependency.from);
      const determinant = row[dependency.from];
      if (!from || !column || determinant === null || determinant === undefined || isMissing(determinant)) continue;
      const index = from.values.findIndex(([v]) => v === determinant);
      const mapping = dependency.mappings.find(([fi]) => fi === index);
      const value = mapping ? column.values[mapping[1]]?.[0] : undefined;
      if (mapping && value !== undefined) implied.push({ from: dependency.from, value: cut(written(value)), share: `${mapping[2]}/${mapping[3]}` });
    }
    for (const dependency of (profile.pairDependencies ?? []).filter((d) => d.to === issue.issue_column)) {
      const [first, second] = [row[dependency.from], row[dependency.and]];
      if (!column || first == null || second == null || isMissing(first) || isMissing(second)) continue;
      const fi = columnOf(profile, dependency.from)?.values.findIndex(([v]) => v === first) ?? -1;
      const ai = columnOf(profile, dependency.and)?.values.findIndex(([v]) => v === second) ?? -1;
      const mapping = dependency.mappings.find(([f, a]) => f === fi && a === ai);
      const value = mapping ? column.values[mapping[2]]?.[0] : undefined;
      if (mapping && value !== undefined) implied.push({ from: `${dependency.from} + ${dependency.and}`, value: cut(written(value)), share: `${mapping[3]}/${mapping[4]}` });
    }
    for (const dependency of (profile.symmetricDependencies ?? []).filter((d) => d.to === issue.issue_column)) {
      const [one, other] = dependency.between.map((c) => row?.[c]);
      if (!column || one == null || other == null || isMissing(one) || isMissing(other)) continue;
      const [a, b] = [one, other].sort();
      const mapping = dependency.mappings.find(([x, y]) => x === a && y === b);
      const value = mapping ? column.values[mapping[2]]?.[0] : undefined;
      if (mapping && value !== undefined) implied.push({ from: `${dependency.between.join(' ~ ')} (either way round)`, value: cut(written(value)), share: `${mapping[3]}/${mapping[4]}` });
    }
    // Identities the column takes part in (a total, an amount): the number that makes each hold.
    const decimals = decimalsOfColumn(column);
    const units = Object.fromEntries(profile.columns.map((c) => [c.name, amountUnit(c)]));
    const unit = units[issue.issue_column];
    for (const { relation, solved } of solveAll(profile.arithmetic ?? [], issue.issue_column, row, decimals, units)) {
      implied.push({ from: identityText(relation), value: written(unit ? writeInUnit(unit, solved.value) : solved.value), share: heldIn(relation) });
    }
    for (const relation of (profile.groupRatios ?? []).filter((r) => r.column === issue.issue_column || r.of === issue.issue_column)) {
      const solved = solveGroupRatio(relation, new Map(relation.divisors), issue.issue_column, row, decimals);
      const other = relation.column === issue.issue_column ? relation.of : relation.column;
      if (solved) implied.push({ from: `${other} per ${relation.by}`, value: written(solved.value), share: heldIn(relation) });
    }
    if (implied.length) context.impliedByOtherColumns = implied;
  }
  const fixes = learned?.fixes.filter((f) => f.column === issue.issue_column).slice(-FIX_EXAMPLES) ?? [];
  if (fixes.length) context.earlierFixes = fixes.map((f) => ({ from: f.oldValue, to: f.newValue }));
  return JSON.stringify(context);
}
