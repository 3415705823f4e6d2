import { describe, expect, it } from 'vitest';
import { fixesExportResponseSchema } from '../../shared/schemas/issues';
import { call, tokenFor, users } from '../support/api';
import { createIssueDataset, FIXTURE_INSTANCE } from '../support/fixtures';

// GET /api/{dataset}/export: the fixes of resolved rows, as CSV (RFC 4180) and JSON.

const auth = async () => ({ token: await tokenFor(users.analyst), instanceId: FIXTURE_INSTANCE.instanceId });

/** A minimal RFC 4180 reader, to check what a spreadsheet or warehouse loader would read. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(field), rows.push(row), (row = []), (field = ''), i++;
    else field += c;
  }
  return rows;
}

describe('GET /api/{dataset}/export', () => {
  it('exports each fix with record key, column, old and new value, method, who and when, escaping CSV properly', async () => {
    const { datasetId, issues } = await createIssueDataset({
      issues: 8,
      name: 'leads',
      build: (i) => (i === 0 ? { current_value: 'Smith, "Jr."\nline 2' } : i === 1 ? { current_value: '-9.99' } : {}),
    });
    const [tricky, negative] = issues;
    const asIs = issues.find((i, n) => n > 1 && i.status === 'open')!;
    const a = await auth();
    // Resolved as is: its value does not change, so it is no fix to export.
    expect((await call('POST', `/api/${datasetId}/resolve/${asIs.issue_id}`, { ...a, body: { resolution: { method: 'manual_fix' } } })).status).toBe(200);
    await call('POST', `/api/${datasetId}/resolve/${tricky!.issue_id}`, { ...a, body: { resolution: { [tricky!.issue_column]: 'Smith, Jr.' } } });
    await call('POST', `/api/${datasetId}/resolve/${negative!.issue_id}`, { ...a, body: { resolution: { method: 'accept_suggestion', suggestion: '9.99', confidence: 70 } } });

    const csv = await call('GET', `/api/${datasetId}/export?format=csv`, a);

    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${datasetId}-fixes-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const rows = parseCsv(csv.body as string);
    expect(rows[0]).toEqual(['lead_id', 'column', 'old_value', 'new_value', 'method', 'resolved_by', 'resolved_at', 'issue_id']);
    const changed = (i: (typeof issues)[number]) => i.status === 'resolved' && (i.original_value === undefined ? i.current_value : i.original_value) !== i.current_value;
    const resolvedCount = issues.filter(changed).length + 2;
    expect(rows).toHaveLength(1 + resolvedCount);
    const byId = new Map(rows.slice(1).map((r) => [r[7], r]));
    expect(byId.get(tricky!.issue_id)).toEqual([tricky!.record_id, tricky!.issue_column, 'Smith, "Jr."\nline 2', 'Smith, Jr.', 'manual_edit', users.analyst, expect.stringMatching(/^\d{4}-/), tricky!.issue_id]);
    expect(byId.get(negative!.issue_id)!.slice(2, 5)).toEqual(['-9.99', '9.99', 'accept_suggestion']);
    expect(csv.body).toContain('"Smith, ""Jr.""\nline 2"');
    expect(byId.has(asIs.issue_id)).toBe(false);

    const json = await call('GET', `/api/${datasetId}/export?format=json`, a);
    const data = fixesExportResponseSchema.parse(json.body).data;
    expect(data).toHaveLength(resolvedCount);
    expect(data.find((f) => f.issue_id === tricky!.issue_id)).toMatchObject({ lead_id: tricky!.record_id, old_value: 'Smith, "Jr."\nline 2', new_value: 'Smith, Jr.' });
    // Latest fix first.
    expect([...data.map((f) => f.resolved_at)].sort().reverse()).toEqual(data.map((f) => f.resolved_at));
  });

  it('exports CSV by default, and answers 400 naming format for another one', async () => {
    const a = await auth();
    const { datasetId } = await createIssueDataset({ issues: 4 });
    expect((await call('GET', `/api/${datasetId}/export`, a)).headers.get('content-type')).toMatch(/^text\/csv/);
    const bad = await call('GET', `/api/${datasetId}/export?format=xlsx`, a);
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ field: 'query.format', message: 'must be csv or json' }]);
  });
});
