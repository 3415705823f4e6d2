import { Readable } from 'node:stream';
import { testDataset, testRef } from '../../test-support/issue-fixtures';
import { contextSource } from './context-source';

// The rows either side of a failed row in its source file (a column that steps from row to row):
// from the whole file kept in memory, and from a file too large for that, read for the wanted rows.

const CSV = ['opportunity_id,year,deaths', 'R1,1990,12', 'R2,1991,', 'R3,1992,40', 'R4,1993,7', 'R5,1994,9'].join('\n');
const R1 = { opportunity_id: 'R1', year: '1990', deaths: '12' };
const R2 = { opportunity_id: 'R2', year: '1991', deaths: '' };
const R3 = { opportunity_id: 'R3', year: '1992', deaths: '40' };
const R4 = { opportunity_id: 'R4', year: '1993', deaths: '7' };
const R5 = { opportunity_id: 'R5', year: '1994', deaths: '9' };

function source(rows: number, onOpen = () => {}) {
  return contextSource({
    meta: {
      getProfile: async () => undefined,
      getSource: async () => ({ key: 'src/a.csv', fileName: 'a.csv', columns: ['opportunity_id', 'year', 'deaths'], rows, bytes: CSV.length, uploadedAt: '2026-01-01T00:00:00.000Z', uploadedBy: 'u@example.com' }),
    },
    issues: { getDataset: async () => testDataset, listResolved: async () => [] },
    sources: { open: async () => (onOpen(), Readable.from([CSV])) },
  });
}

describe('context source: neighbouring rows', () => {
  it.each([
    ['kept whole', 5],
    ['read for the wanted rows', 5_000_000],
  ])('gives the two records before and after each wanted row (%s)', async (_how, rows) => {
    const around = await source(rows).neighbours(testRef, ['R2', 'R4', 'R9']);
    expect(around.get('R2')).toEqual({ previous: R1, next: R3, nextButOne: R4 });
    expect(around.get('R4')).toEqual({ previousButOne: R2, previous: R3, next: R5 });
    expect(around.has('R9')).toBe(false);
  });

  it('reads a large file on to the second row after the last wanted one', async () => {
    const around = await source(5_000_000).neighbours(testRef, ['R3']);
    expect(around.get('R3')).toEqual({ previousButOne: R1, previous: R2, next: R4, nextButOne: R5 });
  });

  it('reads a large file once for a batch\'s rows and their neighbours', async () => {
    let opened = 0;
    const large = source(5_000_000, () => opened++);
    const [rows, around] = await Promise.all([large.rows(testRef, ['R2', 'R4']), large.neighbours(testRef, ['R4', 'R2'])]);
    expect(opened).toBe(1);
    expect(rows.get('R2')).toEqual(R2);
    expect(around.get('R4')?.next).toEqual(R5);
  });

  it('gives the first row no previous one and the last no next one', async () => {
    const around = await source(5).neighbours(testRef, ['R1', 'R5']);
    expect(around.get('R1')).toEqual({ next: R2, nextButOne: R3 });
    expect(around.get('R5')).toEqual({ previousButOne: R3, previous: R4 });
  });
});
