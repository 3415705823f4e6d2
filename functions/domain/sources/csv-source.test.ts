import { Readable } from 'node:stream';
import { CsvProblem, inspectCsv, readCsvRows, type CsvStats } from './csv-source';

function stream(text: string, chunkSize = 7): Readable {
  // Small chunks: records and multi-byte characters straddle chunk boundaries, as on the network.
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  return Readable.from(chunks);
}

async function readAll(text: string, options: Parameters<typeof readCsvRows>[1] = {}) {
  const stats: CsvStats = { columns: [], rows: 0, bytes: 0 };
  const rows = [];
  for await (const row of readCsvRows(stream(text), options, stats)) rows.push(row);
  return { rows, stats };
}

async function problemOf(text: string, options: Parameters<typeof readCsvRows>[1] = { recordKey: 'id' }): Promise<CsvProblem> {
  try {
    await readAll(text, options);
  } catch (error) {
    if (error instanceof CsvProblem) return error;
    throw error;
  }
  throw new Error('expected a CsvProblem');
}

describe('readCsvRows', () => {
  it('streams records keyed by the header, with their line numbers', async () => {
    // Act
    const { rows, stats } = await readAll('\uFEFFid, name ,city\r\n1,Ana,"São Paulo"\r\n2,"Smith, Jr.","Line\nbreak"\r\n\r\n3,"Say ""hi""",\r\n', { recordKey: 'id' });

    // Assess
    expect(rows.map((r) => r.record)).toEqual([
      { id: '1', name: 'Ana', city: 'São Paulo' },
      { id: '2', name: 'Smith, Jr.', city: 'Line\nbreak' },
      { id: '3', name: 'Say "hi"', city: '' },
    ]);
    expect(rows.map((r) => r.line)).toEqual([2, 4, 6]);
    expect(stats).toMatchObject({ columns: ['id', 'name', 'city'], rows: 3 });
    expect(stats.bytes).toBeGreaterThan(50);
  });

  it('reads a file whose header separates its fields with semicolons or tabs', async () => {
    // A spreadsheet set to a decimal comma writes semicolons between fields (invented rainfall).
    const semicolons = await readAll('\uFEFFday;pier;rain\r\n1;Varnholm;14,5\r\n2;"Ostreby; north";0,25\r\n', { recordKey: 'day' });
    expect(semicolons.rows.map((r) => r.record)).toEqual([
      { day: '1', pier: 'Varnholm', rain: '14,5' },
      { day: '2', pier: 'Ostreby; north', rain: '0,25' },
    ]);
    expect(semicolons.stats.columns).toEqual(['day', 'pier', 'rain']);
    const tabs = await readAll('day\tpier\n1\tDunsgate, west\n', { recordKey: 'day' });
    expect(tabs.rows.map((r) => r.record)).toEqual([{ day: '1', pier: 'Dunsgate, west' }]);
    // A header longer than the chunks it arrives in, and a file that is one header line with no end.
    const long = await readAll(`day;${Array.from({ length: 40 }, (_, i) => `pier_${i}`).join(';')}\n1;${Array.from({ length: 40 }, () => 'x').join(';')}\n`);
    expect(long.stats.columns).toHaveLength(41);
    expect((await problemOf('day;pier', { recordKey: 'day' })).message).toMatch(/header but no rows/);
  });

  it('keeps cell whitespace but trims the record key', async () => {
    const { rows } = await readAll('id,v\n  7 ,  x  \n', { recordKey: 'id' });
    expect(rows[0]!.record).toEqual({ id: '7', v: '  x  ' });
  });

  it.each([
    ['a ragged row', 'id,a\n1,x\n2,y,z\n', 3, /has 3 fields, the header has 2/],
    ['a short row', 'id,a,b\n1,x,y\n2,y\n', 3, /has 2 fields, the header has 3/],
    ['an unclosed quote', 'id,a\n1,x\n2,"open\n3,z\n', 3, /never closed/],
    ['text after a closing quote', 'id,a\n1,"x"y\n', 2, /after its closing quote/],
    ['a missing key column', 'ID,a\n1,x\n', 1, /record key column "id" is not in the header \(columns: ID, a\)/],
    ['an empty header name', 'id,,b\n1,2,3\n', 1, /column 2 of the header has no name/],
    ['a repeated header name', 'id,a,a\n1,2,3\n', 1, /names column "a" twice/],
    ['an empty key', 'id,a\n1,x\n  ,y\n', 3, /record key "id" is empty/],
    ['a repeated key', 'id,a\n1,x\n2,y\n1,z\n', 4, /value "1" repeats line 2/],
    ['an empty file', '', 1, /file is empty/],
    ['a header without rows', 'id,a\n', 2, /header but no rows/],
  ])('rejects %s with its line', async (_label, text, line, message) => {
    const problem = await problemOf(text);
    expect(problem.line).toBe(line);
    expect(problem.message).toMatch(new RegExp(`^Line ${line}: `));
    expect(problem.message).toMatch(message);
    expect(problem.status).toBe(400);
    expect(problem.details).toEqual([expect.objectContaining({ field: 'file', line })]);
  });

  it('explains a quote inside an unquoted field in words, with its line and column', async () => {
    const problem = await problemOf('id,name,city\n1,Ana,Lisbon\n2,Bo "the" Builder,Porto\n');
    expect(problem.message).toBe('Line 3: a quote (") appears inside an unquoted field in column 2 ("name"); put the whole field in quotes and double the quotes inside it ("")');
    expect(problem.details).toEqual([expect.objectContaining({ field: 'file', line: 3, column: 'name' })]);
    expect(problem.message).not.toMatch(/Invalid Opening Quote|field \d+$/);
  });

  it('stops at the row limit', async () => {
    const problem = await problemOf('id\n1\n2\n3\n', { recordKey: 'id', maxRows: 2 });
    expect(problem.message).toBe('Line 4: the file has more than 2 rows');
  });

  it('stops at the byte limit without reading on', async () => {
    const big = `id,v\n${Array.from({ length: 1000 }, (_, i) => `${i},${'x'.repeat(50)}`).join('\n')}\n`;
    const problem = await problemOf(big, { recordKey: 'id', maxBytes: 2048 });
    expect(problem.message).toMatch(/^Line \d+: the file is larger than 2 KB$/);
  });

  it('reads without a record key when none is named', async () => {
    const { rows } = await readAll('a,b\n1,2\n1,2\n');
    expect(rows).toHaveLength(2);
  });

  it('releases the source when the reader stops early', async () => {
    const source = stream('id\n1\n2\n3\n');
    for await (const _row of readCsvRows(source, { recordKey: 'id' })) break;
    expect(source.destroyed).toBe(true);
  });

  it('inspects a file: header, rows and bytes', async () => {
    const stats = await inspectCsv(stream('id,x\n1,a\n2,b\n'), { recordKey: 'id' });
    expect(stats).toEqual({ columns: ['id', 'x'], rows: 2, bytes: 13 });
  });

  // Its speed is measured by `npm run bench -- scan`, not asserted here.
  it('reads 100,000 rows', async () => {
    const header = 'id,a,b,c,d,e\n';
    async function* lines() {
      yield header;
      for (let i = 0; i < 100_000; i += 1000) {
        let chunk = '';
        for (let j = i; j < i + 1000; j++) chunk += `${j},alpha ${j},"beta, ${j}",${j * 3},2026-01-01,x@y.com\n`;
        yield chunk;
      }
    }
    const stats = await inspectCsv(Readable.from(lines()), { recordKey: 'id' });
    expect(stats.rows).toBe(100_000);
  });
});
