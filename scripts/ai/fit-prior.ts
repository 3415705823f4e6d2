import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { evidenceOf } from '../../functions/domain/ai/builtin/builtin-provider';
import { FEATURE_NAMES } from '../../functions/domain/ai/builtin/features';
import { fitLogistic } from '../../functions/domain/ai/builtin/logistic';
import { PRIOR_WEIGHTS } from '../../functions/domain/ai/builtin/prior-weights';
import type { LearnedFix, SourceRecord } from '../../functions/domain/ai/provider';
import { buildProfile } from '../../functions/domain/profile/build-profile';
import { failedCells, issueOf, listDatasets, readPair } from '../bench/csv-pairs';
import { drawRows } from '../bench/suggestions';
import { option } from '../cli-options';
import { writeHeldout } from '../heldout/generate';

// npm run fit-prior -- [--data DIR[,DIR…]] [--only FEATURE[,FEATURE…]] [--write]
// Fits the builtin provider's zero-shot model (functions/domain/ai/builtin/prior-weights.ts) on
// the held-out TUNE split only: every candidate value the rules propose for a failed cell is an
// example, right when it is the clean value; zero-shot and with 20 fixed rows (so the weight of
// learned transformations is fitted too); each table weighs the same within an error rate.
// The user's error rate is unknown, so by default the tune split is written (seed 7, no network)
// at three rates, each into .data/fit/rate-R/tune: 6 % (weighing three times, the rate the
// keep rule judges at) and 15 % and 30 % (where a prior fitted at 6 % alone is under-confident).
// --data fits on existing directories instead, each weighing the same. --only refits the weights
// of the features named and holds the others at prior-weights.ts (a feature that changed, without
// moving what the others were fitted to). --write rewrites prior-weights.ts.

/** Error rates of the default fit and how much each weighs. */
const FIT_RATES: ReadonlyArray<{ rate: number; weight: number }> = [
  { rate: 0.06, weight: 3 },
  { rate: 0.15, weight: 1 },
  { rate: 0.3, weight: 1 },
];
const FIT_SEED = 7;

const args = process.argv.slice(2);
const given = option(args, '--data');
const only = option(args, '--only')?.split(',');
const free = only?.map((name) => {
  const i = FEATURE_NAMES.indexOf(name);
  if (i < 0) throw new Error(`--only: no feature named ${name} (features: ${FEATURE_NAMES.join(', ')})`);
  return i;
});
const sources = given
  ? given.split(',').map((dir) => ({ dir: path.resolve(dir), weight: 1 }))
  : FIT_RATES.map(({ rate, weight }) => {
      const out = path.resolve(`.data/fit/rate-${rate}`);
      writeHeldout(out, FIT_SEED, rate, ['tune']);
      return { dir: path.join(out, 'tune'), weight };
    });
const fittedOn = given
  ? `read from ${sources.map(({ dir }) => path.relative(process.cwd(), dir)).join(', ')}`
  : `its errors drawn with seed ${FIT_SEED} at ${FIT_RATES.map(({ rate, weight }) => `${Math.round(rate * 100)} %${weight === 1 ? '' : ` (weighing ${weight} times)`}`).join(', ')}`;
const x: number[][] = [];
const y: number[] = [];
const weights: number[] = [];
const names = [...new Set(sources.flatMap(({ dir }) => listDatasets(dir)))];
for (const { dir, weight } of sources) for (const name of listDatasets(dir)) {
  const pair = readPair(dir, name);
  const records: SourceRecord[] = pair.dirty.map((cells) => Object.fromEntries(pair.header.map((h, i) => [h, cells[i] ?? ''])));
  const profile = buildProfile(records, { columns: pair.header });
  const failed = failedCells(pair);
  const labelled = drawRows([...new Set(failed.map((c) => c.row))].sort((a, b) => a - b), 20);
  const fixes: LearnedFix[] = failed.filter((c) => labelled.has(c.row)).map((c) => ({ column: c.column, oldValue: c.dirty, newValue: c.clean, fixedBy: 'fit@tune.example', row: records[c.row] }));
  const start = x.length;
  for (const cell of failed) {
    const issue = issueOf(records, cell);
    const settings = labelled.has(cell.row) ? [undefined] : [undefined, { fixes }];
    for (const learned of settings) {
      for (const e of evidenceOf({ issue, profile, ...(learned ? { learned } : {}) })) {
        x.push(e.x);
        y.push(e.value === cell.clean ? 1 : 0);
      }
    }
  }
  const n = x.length - start;
  for (let i = 0; i < n; i++) weights.push((weight * 1000) / Math.max(1, n));
  console.log(JSON.stringify({ data: path.relative(process.cwd(), dir), dataset: name, examples: n, positives: y.slice(start).filter((v) => v === 1).length }));
}
const w = fitLogistic(x, y, { lambda: 1, weights, iterations: 50, ...(free ? { prior: PRIOR_WEIGHTS, free } : {}) });
const rounded = w.map((v) => Math.round(v * 1000) / 1000);
console.log(JSON.stringify({ fitted: Object.fromEntries(FEATURE_NAMES.map((n, i) => [n, rounded[i]])) }));
if (args.includes('--write')) {
  const file = path.resolve(import.meta.dirname, '../../functions/domain/ai/builtin/prior-weights.ts');
  const source = `the held-out tune split (${names.join(', ')}; never
// from the report split or the development sets),
// ${fittedOn}.`;
  // A partial refit keeps the file's account of how the other weights were fitted, and adds its own.
  const header = only
    ? `${readFileSync(file, 'utf8').split('\nexport const PRIOR_WEIGHTS')[0]!}
// Then ${only.join(', ')} refitted alone, the other weights held, by
// \`npm run fit-prior -- --only ${only.join(',')} --write\` from ${source}`
    : `// Weights of the zero-shot model, one per feature of features.ts (FEATURE_NAMES, same order).
// Written by \`npm run fit-prior -- --write\` from ${source}
// Refit whenever a rule or a feature changes; kept only when the tune split's F1 and calibration,
// zero-shot and after 20 fixes, are at least as good with it on the whole over several draws of
// its errors (\`npm run heldout -- --seed N\`: 7, 11, 13, 17, 19) and at other error rates, not one.`;
  writeFileSync(file, `${header}\nexport const PRIOR_WEIGHTS: readonly number[] = [${rounded.join(', ')}];\n`);
}
