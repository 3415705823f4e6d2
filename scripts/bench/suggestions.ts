import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { suggestBuiltin } from '../../functions/domain/ai/builtin/builtin-provider';
import type { LearnedFix, SourceRecord, SuggestionResult } from '../../functions/domain/ai/provider';
import { buildProfile } from '../../functions/domain/profile/build-profile';
import { mulberry32 } from '../seed/random';
import { line } from './measure';

// npm run bench -- suggestions [--detail] [--data <dir>]
// Quality of the builtin provider on public data-cleaning benchmarks (../shared/bench-data:
// Hospital and Beers from the Raha/Baran work). Errors are given, as in the published
// evaluations: every cell where dirty.csv differs from clean.csv (compared by row and column
// position; the header names differ) is a failed row. The profile is built from the dirty data
// only. Two settings:
//   (a) zero-shot: no fixes;
//   (b) 20 rows (tuples, drawn with a fixed seed, as Baran's 20 labelled tuples) fixed by hand
//       with their clean values; the provider learns from those fixes, and their failed cells
//       are left out of recall.
// Prints precision (right / suggested), recall (right / failed cells), F1, and accuracy per
// confidence band. Nothing in the provider names a column or value of these files.

const B = 'suggestions';
const DATASETS = ['hospital', 'beers'];
const LABELLED_ROWS = 20;
const SEED = 20_200_705;
const FIXERS = ['ana.souza@bench.example', 'marcus.webb@bench.example'];
const BANDS: Array<[number, number]> = [
  [50, 69],
  [70, 79],
  [80, 89],
  [90, 100],
];
const TARGETS = { f1Labelled: 0.9, highBandAccuracy: 0.9 };

interface FailedCell {
  row: number;
  column: string;
  dirty: string;
  clean: string;
}

interface Outcome {
  cell: FailedCell;
  result: SuggestionResult;
}

function readCsv(file: string): string[][] {
  return parse(readFileSync(file), { relaxColumnCount: false }) as string[][];
}

function drawRows(count: number, total: number): Set<number> {
  const random = mulberry32(SEED);
  const order = Array.from({ length: total }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return new Set(order.slice(0, count));
}

const round = (x: number) => Math.round(x * 1000) / 1000;

function score(outcomes: Outcome[]) {
  const made = outcomes.filter((o) => o.result.kind === 'suggestion');
  const right = made.filter((o) => o.result.kind === 'suggestion' && o.result.suggestedValue === o.cell.clean);
  const precision = made.length ? right.length / made.length : 0;
  const recall = outcomes.length ? right.length / outcomes.length : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  const calibration = BANDS.map(([lo, hi]) => {
    const inBand = made.filter((o) => o.result.kind === 'suggestion' && o.result.confidence >= lo && o.result.confidence <= hi);
    const ok = inBand.filter((o) => o.result.kind === 'suggestion' && o.result.suggestedValue === o.cell.clean).length;
    return { band: `${lo}-${hi}`, suggestions: inBand.length, accuracy: inBand.length ? round(ok / inBand.length) : null };
  });
  return { failed: outcomes.length, suggested: made.length, right: right.length, precision: round(precision), recall: round(recall), f1: round(f1), calibration };
}

function detail(name: string, setting: string, outcomes: Outcome[]): void {
  const columns = [...new Set(outcomes.map((o) => o.cell.column))];
  for (const column of columns) {
    const mine = outcomes.filter((o) => o.cell.column === column);
    const s = score(mine);
    const wrong = mine
      .filter((o) => o.result.kind === 'suggestion' && o.result.suggestedValue !== o.cell.clean)
      .slice(0, 4)
      .map((o) => (o.result.kind === 'suggestion' ? `${o.cell.dirty} -> ${o.result.suggestedValue} (${o.result.confidence}, want ${o.cell.clean})` : ''));
    const missed = mine
      .filter((o) => o.result.kind === 'abstain')
      .slice(0, 3)
      .map((o) => `${o.cell.dirty} (want ${o.cell.clean}): ${o.result.kind === 'abstain' ? o.result.reason : ''}`);
    line(B, { dataset: name, setting, column, failed: s.failed, suggested: s.suggested, right: s.right, wrong, missed });
  }
}

export async function run(args: string[]): Promise<boolean> {
  const dataDir = args.includes('--data') ? args[args.indexOf('--data') + 1]! : path.resolve(import.meta.dirname, '../../../shared/bench-data');
  const showDetail = args.includes('--detail');
  let passed = true;
  for (const name of DATASETS) {
    const dirty = readCsv(path.join(dataDir, name, 'dirty.csv'));
    const clean = readCsv(path.join(dataDir, name, 'clean.csv'));
    const header = dirty[0]!;
    const records: SourceRecord[] = dirty.slice(1).map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])));
    const failed: FailedCell[] = [];
    for (let r = 1; r < dirty.length; r++) {
      for (let c = 0; c < header.length; c++) {
        const d = dirty[r]![c] ?? '';
        const k = clean[r]![c] ?? '';
        if (d !== k) failed.push({ row: r - 1, column: header[c]!, dirty: d, clean: k });
      }
    }
    const started = performance.now();
    const profile = buildProfile(records, { columns: header });
    const profileMs = performance.now() - started;

    const ask = (cell: FailedCell, learned?: { fixes: LearnedFix[] }) =>
      suggestBuiltin({ issue: { issue_column: cell.column, current_value: cell.dirty, row: records[cell.row] }, profile, ...(learned ? { learned } : {}) });

    const t0 = performance.now();
    const zeroShot = failed.map((cell) => ({ cell, result: ask(cell) }));
    const zeroMs = performance.now() - t0;

    const labelled = drawRows(LABELLED_ROWS, records.length);
    const fixes: LearnedFix[] = failed
      .filter((cell) => labelled.has(cell.row))
      .map((cell, i) => ({ column: cell.column, oldValue: cell.dirty, newValue: cell.clean, fixedBy: FIXERS[i % FIXERS.length]!, row: records[cell.row] }));
    const learned = { fixes };
    const t1 = performance.now();
    const withFixes = failed.filter((cell) => !labelled.has(cell.row)).map((cell) => ({ cell, result: ask(cell, learned) }));
    const fixesMs = performance.now() - t1;

    const a = score(zeroShot);
    const b = score(withFixes);
    line(B, { dataset: name, rows: records.length, columns: header.length, failedCells: failed.length, profileBytes: JSON.stringify(profile).length, profileMs: Math.round(profileMs) });
    line(B, { dataset: name, setting: 'a zero-shot', ...a, msPerRow: round(zeroMs / failed.length) });
    line(B, { dataset: name, setting: `b ${LABELLED_ROWS} rows fixed`, fixes: fixes.length, ...b, msPerRow: round(fixesMs / Math.max(1, withFixes.length)) });
    if (showDetail) {
      detail(name, 'a', zeroShot);
      detail(name, 'b', withFixes);
    }
    const high = (s: ReturnType<typeof score>) => s.calibration.find((c) => c.band === '90-100');
    const highOk = (s: ReturnType<typeof score>) => (high(s)?.accuracy ?? 1) >= TARGETS.highBandAccuracy;
    const ok = b.f1 >= TARGETS.f1Labelled && highOk(a) && highOk(b);
    line(B, { dataset: name, summary: true, f1ZeroShot: a.f1, f1Labelled: b.f1, targetF1Labelled: TARGETS.f1Labelled, highBandAccuracy: [high(a)?.accuracy, high(b)?.accuracy], passed: ok });
    passed &&= ok;
  }
  return passed;
}
