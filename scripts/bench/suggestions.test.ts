import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { run } from './suggestions';

// The bench's command line: bad options are refused with a line naming them, never read as NaN.
describe('bench suggestions options', () => {
  let dir: string;
  let printed: string[];
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'bench-'));
    mkdirSync(path.join(dir, 'ports'));
    // An invented table: one slip among four ports.
    writeFileSync(path.join(dir, 'ports', 'dirty.csv'), 'port,country\nBrevik,NO\nBrevik,NO\nBrevik,NO\nBrevik,N0\n');
    writeFileSync(path.join(dir, 'ports', 'clean.csv'), 'port,country\nBrevik,NO\nBrevik,NO\nBrevik,NO\nBrevik,NO\n');
    printed = [];
    vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => {
      printed.push(parts.map(String).join(' '));
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([['abc'], ['-3'], ['2.5']])('refuses --fixes %s', async (value) => {
    expect(await run(['--data', dir, '--fixes', value])).toBe(false);
    expect(printed.join('')).toMatch(/--fixes must be a whole number of rows/);
    expect(printed.join('')).not.toMatch(/"setting"/);
  });

  it('refuses an option given without its value', async () => {
    expect(await run(['--data', dir, '--fixes'])).toBe(false);
    expect(printed.join('')).toMatch(/--fixes needs a value/);
    expect(await run(['--datasets', '--data', dir])).toBe(false);
    expect(printed.join('')).toMatch(/--datasets needs a value/);
  });

  it('scores a pair with a valid count of fixes', async () => {
    await run(['--data', dir, '--fixes', '0']);
    expect(printed.join('')).toMatch(/"setting":"0 fixes"/);
  });
});
