import path from 'node:path';
import { heldoutOptions } from './generate';

// The generator's command line: a bad value is an error naming its option, never a NaN that
// spoils every cell or a seed no one can repeat.
describe('heldout options', () => {
  it('reads the defaults and valid values', () => {
    expect(heldoutOptions([])).toEqual({ out: path.resolve('.data/heldout'), seed: 7, rate: 0.06, habits: 0, habitShare: undefined, splits: undefined });
    expect(heldoutOptions(['--out', '/tmp/h', '--seed', '17', '--rate', '.3', '--habits', '2', '--splits', 'tune,report'])).toEqual({ out: '/tmp/h', seed: 17, rate: 0.3, habits: 2, habitShare: undefined, splits: ['tune', 'report'] });
    expect(heldoutOptions(['--habits', '2', '--habit-share', '1']).habitShare).toBe(1);
    expect(heldoutOptions(['--habits', '1', '--habit-share', '0.85']).habitShare).toBe(0.85);
  });

  it.each([
    [['--rate', 'abc'], /--rate must be a share/],
    [['--rate', '1.5'], /--rate must be a share/],
    [['--rate', '0'], /--rate must be a share/],
    [['--rate', '-0.1'], /--rate must be a share/],
    [['--seed', 'x'], /--seed must be a whole number/],
    [['--seed', '4294967296'], /--seed must be a whole number/],
    [['--habits', '-1'], /--habits must be a whole number/],
    [['--habits', '2', '--habit-share', '0'], /--habit-share must be a share/],
    [['--habits', '2', '--habit-share', '1.5'], /--habit-share must be a share/],
    [['--habit-share', '1'], /--habit-share needs --habits/],
    [['--rate'], /--rate needs a value/],
    [['--seed', '--rate', '0.1'], /--seed needs a value/],
    [['--splits', 'tune,holdout'], /no split named holdout/],
  ])('refuses %j', (args, message) => {
    expect(() => heldoutOptions(args)).toThrow(message);
  });
});
