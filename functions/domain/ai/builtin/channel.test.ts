import { buildProfile } from '../../profile/build-profile';
import type { SourceRecord } from '../provider';
import { suggestBuiltin } from './builtin-provider';
import fc from 'fast-check';
import { channelLogProb, costFloor, noiseModel, substitutionsOf } from './channel';
import { editDistance, histogramGap } from './typo';

// Invented data: an imaginary orchard's harvest log.

describe('noisy channel: transpositions', () => {
  const noise = noiseModel(undefined);

  it('prices two neighbouring characters written in the wrong order as one slip, not two substitutions', () => {
    const swapped = channelLogProb('pear', 'paer', noise, 25)!;
    const substituted = channelLogProb('pear', 'pxyr', noise, 25)!;
    const oneSub = channelLogProb('pear', 'pexr', noise, 25)!;
    expect(swapped).toBeGreaterThan(substituted + 3);
    // As likely as one ordinary slip (within a factor of a few).
    expect(Math.abs(swapped - oneSub)).toBeLessThan(2);
    // The same transposition twice in one value is re-priced as a repeat, not a fresh event.
    expect(channelLogProb('abab', 'baba', noise, 25)).toBeGreaterThan(2 * swapped - 0.01);
  });

  it('does not learn a transposition from a fix as two character confusions', () => {
    expect(substitutionsOf('quince', 'quicne')).toEqual([]);
    expect(substitutionsOf('quince', 'quinse')).toEqual([['c', 's']]);
  });

  it('repairs a transposed category toward the frequent value, confidently', () => {
    const fruits = ['Quince', 'Medlar', 'Sloe'];
    const rows: SourceRecord[] = Array.from({ length: 240 }, (_, i) => ({ crate: `C${500 + i}`, fruit: fruits[(i * 7) % 3]!, kilos: String(10 + ((i * 13) % 37)) }));
    const row = { ...rows[5]!, fruit: 'Qunice' };
    const profile = buildProfile(rows.map((r, i) => (i === 5 ? row : r)));
    const result = suggestBuiltin({ issue: { issue_column: 'fruit', current_value: 'Qunice', row }, profile });
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: 'Quince', rule: 'fruit:typo' });
    expect(result.kind === 'suggestion' && result.confidence).toBeGreaterThanOrEqual(90);
  });
});

describe('noisy channel: look-alikes and sinks', () => {
  it('prices an OCR look-alike in either case as a likely slip ("8" for "B", "0" for "O")', () => {
    const noise = noiseModel(undefined);
    const generic = noise.substitution('7', 'B');
    expect(noise.substitution('8', 'B')).toBeGreaterThan(generic * 4);
    expect(noise.substitution('B', '8')).toBeGreaterThan(generic * 4);
    expect(noise.substitution('O', '0')).toBeGreaterThan(generic * 4);
  });

  it('prices a letter a scanner reads as two ("rn" for "m", "cl" for "d", "vv" for "w"), and two read as one, as one look-alike', () => {
    const noise = noiseModel(undefined);
    const lookAlike = channelLogProb('Sloe', 'Sl0e', noise, 25)!;
    const twoEdits = channelLogProb('Medlar', 'Medxyar', noise, 25)!;
    for (const [intended, observed] of [
      ['Sloe mash', 'Sloe rnash'],
      ['Medlar', 'Mecllar'],
      ['windfall', 'vvindfall'],
      ['corner', 'comer'],
    ] as const) {
      const lp = channelLogProb(intended, observed, noise, 25)!;
      expect(lp).toBeGreaterThan(twoEdits + 3);
      expect(Math.abs(lp - lookAlike)).toBeLessThan(0.5);
    }
    // Not any two letters for one: "rm" is no look-alike of "m".
    expect(channelLogProb('Sloe mash', 'Sloe rmash', noise, 25)!).toBeLessThan(lookAlike - 1);
  });

  it('repairs a unit a scanner misread ("12.5 rnm" among "12.5 mm")', () => {
    const rows: SourceRecord[] = Array.from({ length: 200 }, (_, i) => ({ crate: `C${500 + i}`, rain: `${(i * 7) % 5}.${(i * 3) % 10} mm` }));
    const row = { ...rows[8]!, rain: '2.4 rnm' };
    const profile = buildProfile(rows.map((r, i) => (i === 8 ? row : r)));
    const result = suggestBuiltin({ issue: { issue_column: 'rain', current_value: '2.4 rnm', row }, profile });
    expect(result).toMatchObject({ kind: 'suggestion', suggestedValue: '2.4 mm' });
  });

  it('learns a sink only from a character written over many different ones', () => {
    // One pair seen often (two similar codes) is no sink.
    const onePair = noiseModel({ pairs: [['U', 'R', 30], ['a', 'o', 3], ['e', 'c', 3]], total: 36 });
    expect([...onePair.sinks]).toEqual([]);
    // "x" written over many letters is.
    const overwrite = noiseModel({ pairs: [['a', 'x', 6], ['e', 'x', 5], ['n', 'x', 5], ['r', 'x', 4], ['o', 'c', 2]], total: 22 });
    expect([...overwrite.sinks]).toEqual(['x']);
  });
});

describe('noisy channel: letters left out or typed twice', () => {
  const noise = noiseModel(undefined);

  it('prices a letter typed twice or left out as a common slip, a stray letter or digit change as a rare one', () => {
    const doubled = channelLogProb('Medlar', 'Meddlar', noise, 25)!;
    const stray = channelLogProb('Medlar', 'Medklar', noise, 25)!;
    const leftOut = channelLogProb('Medlar', 'Medar', noise, 25)!;
    const oneSub = channelLogProb('Medlar', 'Medkar', noise, 25)!;
    expect(doubled).toBeGreaterThan(stray + 1.5);
    expect(leftOut).toBeGreaterThan(channelLogProb('Medlar', 'Medlxr', noise, 25)! + 1);
    expect(leftOut).toBeGreaterThanOrEqual(oneSub - 0.01);
    // A digit typed twice or left out makes another number: no cheaper than any other edit.
    expect(channelLogProb('1520', '15220', noise, 25)).toBeCloseTo(channelLogProb('1520', '15270', noise, 25)!, 5);
    expect(leftOut).toBeGreaterThan(channelLogProb('1520', '150', noise, 25)! + 1);
  });
});

describe('noisy channel: the floor that lets the typo search skip a comparison', () => {
  // Characters that exercise every kind of edit: look-alikes, keyboard neighbours, case, digits,
  // a space, punctuation and a letter outside ASCII.
  const text = fc.string({ unit: fc.constantFrom('a', 'A', 's', 'e', 'c', 'x', 'o', '0', 'O', '1', 'l', '8', 'B', ' ', '-', '.', 'é'), maxLength: 9 });
  const models = {
    plain: noiseModel(undefined),
    // "x" written over many letters: a sink, the likeliest edit of all.
    sink: noiseModel({ pairs: [['a', 'x', 6], ['e', 'x', 5], ['s', 'x', 5], ['o', 'x', 4], ['c', 'e', 2]], total: 22 }),
    // A confusion learnt from fixes, likelier than any built-in edit.
    learnt: noiseModel(undefined, [['a', 'e', 4], ['s', 'c', 3]]),
  };

  it('is never above the cost the channel finds, for any bound on the number of edits', () => {
    for (const noise of Object.values(models)) {
      fc.assert(
        fc.property(text, text, (intended, observed) => {
          const lp = channelLogProb(intended, observed, noise, 25);
          if (lp === undefined) return;
          const edits = Math.max(Math.abs(intended.length - observed.length), histogramGap(intended, observed), Math.ceil(editDistance(observed, intended) / 2));
          expect(-lp).toBeGreaterThanOrEqual(costFloor(noise, edits) - 1e-9);
        }),
        { seed: 20_261_128, numRuns: 3000 },
      );
    }
  });

  it('rises with the edits and is zero for none', () => {
    const noise = models.plain;
    expect(costFloor(noise, 0)).toBe(0);
    expect(costFloor(noise, 2)).toBeGreaterThan(costFloor(noise, 1));
    // A sink makes the first edit cheaper, so the floor is lower.
    expect(costFloor(models.sink, 1)).toBeLessThan(costFloor(noise, 1));
  });
});
