import { describe, expect, it } from 'vitest';
import { generateInstanceDatasets, scanTimes } from './generate';

const where = { organizationId: 'org_demo', instanceId: 'inst_demo_prod', owners: ['a@x', 'b@x', 'c@x'], anchorMs: Date.UTC(2026, 10, 22) };

describe('demo data generation', () => {
  it('is deterministic', () => {
    expect(generateInstanceDatasets(where)).toEqual(generateInstanceDatasets(where));
  });

  it('produces a few hundred failed rows per dataset with exact counts and all in the past', () => {
    for (const g of generateInstanceDatasets(where)) {
      expect(g.issues.length).toBeGreaterThan(80);
      expect(g.issues.length).toBeLessThan(600);
      expect(g.counts.open + g.counts.resolved + g.counts.muted).toBe(g.issues.length);
      expect(g.issues.filter((i) => i.status === 'open').length).toBe(g.counts.open);
      expect(new Set(g.issues.map((i) => i.issue_id)).size).toBe(g.issues.length);
      for (const i of g.issues) expect(Date.parse(i.scan_time)).toBeLessThan(where.anchorMs);
    }
  });

  it('varies checks, columns, owners and statuses, with taxonomy on most rows and missing on some', () => {
    const issues = generateInstanceDatasets(where).flatMap((g) => g.issues);
    const withTaxonomy = issues.filter((i) => i.taxonomy).length / issues.length;
    expect(new Set(issues.map((i) => i.check_name)).size).toBeGreaterThan(20);
    expect(new Set(issues.map((i) => i.owner))).toEqual(new Set(where.owners));
    expect(new Set(issues.map((i) => i.status))).toEqual(new Set(['open', 'resolved', 'muted']));
    expect(withTaxonomy).toBeGreaterThan(0.5);
    expect(withTaxonomy).toBeLessThan(1);
  });

  it('spreads scans over the 14 days before the anchor, twice a day', () => {
    const times = scanTimes(where.anchorMs);
    expect(times).toHaveLength(28);
    expect(new Set(times.map((t) => t.slice(0, 10))).size).toBe(14);
  });
});
