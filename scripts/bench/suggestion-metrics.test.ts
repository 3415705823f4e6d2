import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkPair, incompletePairs, listDatasets, PairMismatch } from './csv-pairs';
import { gainOver, meetsTargets, scoreOutcomes } from './suggestion-metrics';

describe('suggestion metrics', () => {
  it('judges targets on the unrounded figures: an F1 printed as 0.700 may still be under 0.70', () => {
    // 113 right of 117 suggested for 206 failed cells: F1 0.69969, printed 0.7.
    const outcomes = [
      ...Array.from({ length: 113 }, (_, i) => ({ suggested: `v${i}`, confidence: 97, truth: `v${i}` })),
      ...Array.from({ length: 4 }, (_, i) => ({ suggested: `w${i}`, confidence: 60, truth: `x${i}` })),
      ...Array.from({ length: 89 }, (_, i) => ({ truth: `y${i}` })),
    ];
    const s = scoreOutcomes(outcomes);
    expect(s.f1).toBe(0.7);
    expect(s.exact.f1).toBeLessThan(0.7);
    expect(meetsTargets(s, { f1: 0.7, highBandAccuracy: 0.95, ece: 1 })).toBe(false);
    expect(meetsTargets(s, { f1: 0.69, highBandAccuracy: 0.95, ece: 1 })).toBe(true);
    // No suggestion at 90 % or more: the high band cannot pass.
    expect(meetsTargets(scoreOutcomes([{ suggested: 'a', confidence: 60, truth: 'a' }]), { f1: 0, highBandAccuracy: 0, ece: 1 })).toBe(false);
  });

  it('computes precision, recall, F1 and reports empty bands as empty', () => {
    const s = scoreOutcomes([
      { suggested: 'a', confidence: 95, truth: 'a' },
      { suggested: 'b', confidence: 92, truth: 'x' },
      { suggested: 'c', confidence: 55, truth: 'c' },
      { truth: 'd' },
    ]);
    expect(s).toMatchObject({ failed: 4, suggestions: 3, correct: 2, precision: 0.667, recall: 0.5 });
    expect(s.f1).toBeCloseTo(0.571, 3);
    const high = s.bands.find((b) => b.band === '90-100')!;
    expect(high).toMatchObject({ suggestions: 2, correct: 1, accuracy: 0.5, empty: false });
    expect(s.bands.find((b) => b.band === '70-79')).toMatchObject({ suggestions: 0, accuracy: null, empty: true });
  });

  it('computes the expected calibration error from stated confidence and observed accuracy', () => {
    // Ten at 90 % of which nine right, ten at 60 % of which three right.
    const outcomes = [
      ...Array.from({ length: 10 }, (_, i) => ({ suggested: 'v', confidence: 90, truth: i < 9 ? 'v' : 'w' })),
      ...Array.from({ length: 10 }, (_, i) => ({ suggested: 'v', confidence: 60, truth: i < 3 ? 'v' : 'w' })),
    ];
    expect(scoreOutcomes(outcomes).ece).toBeCloseTo(0.5 * 0 + 0.5 * 0.3, 3);
    expect(scoreOutcomes([{ truth: 'x' }]).ece).toBeNull();
  });

  it('refuses pairs whose rows or columns do not line up', () => {
    expect(() => checkPair('t', [['a', 'b'], ['1', '2']], [['a', 'b'], ['1', '2'], ['3', '4']])).toThrow(PairMismatch);
    expect(() => checkPair('t', [['a', 'b'], ['1', '2']], [['a', 'b'], ['1']])).toThrow(/columns/);
    expect(() => checkPair('t', [['a', 'b'], ['1', '2']], [['A', 'B'], ['1', '3']])).not.toThrow();
  });

  it('names a folder that holds one file of the pair, which is not a dataset', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pairs-'));
    try {
      const write = (name: string, file: string) => {
        mkdirSync(path.join(dir, name), { recursive: true });
        writeFileSync(path.join(dir, name, file), 'a,b\n1,2\n');
      };
      write('whole', 'dirty.csv');
      write('whole', 'clean.csv');
      write('no-clean', 'dirty.csv');
      write('no-dirty', 'clean.csv');
      mkdirSync(path.join(dir, 'notes'));
      expect(listDatasets(dir)).toEqual(['whole']);
      expect(incompletePairs(dir)).toEqual([
        { name: 'no-clean', missing: 'clean.csv' },
        { name: 'no-dirty', missing: 'dirty.csv' },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('measures what fixes taught against zero-shot on the same cells', () => {
    // Zero-shot on the cells left after fixes: 2 right of 3 suggested for 4 cells (F1 4/7).
    const before = [
      { suggested: 'a', confidence: 95, truth: 'a' },
      { suggested: 'b', confidence: 80, truth: 'b' },
      { suggested: 'x', confidence: 60, truth: 'c' },
      { truth: 'd' },
    ];
    // After fixes the wrong suggestion became right: 3 of 3 for 4 cells (F1 6/7).
    const after = [before[0]!, before[1]!, { suggested: 'c', confidence: 70, truth: 'c' }, before[3]!];
    const gain = gainOver(before, after);
    expect(gain.zeroShotF1SameCells).toBe(0.571);
    expect(gain.fixGainF1).toBe(0.2857);
    // Fixes that taught something wrong show as a loss.
    expect(gainOver(after, before).fixGainF1).toBe(-0.2857);
    // Where every row with errors was fixed no cell is left: no figure, not a gain of 0.
    expect(gainOver([], [])).toEqual({ zeroShotF1SameCells: null, fixGainF1: null });
  });
});
