import { DEMO_DATASETS } from '../../functions/domain/demo/datasets';
import { HELDOUT_TABLES } from './tables';

describe('held-out tables: the demo split', () => {
  const demo = HELDOUT_TABLES.filter((t) => t.split === 'demo');

  it('holds every demo dataset, the same records on every load', () => {
    expect(demo.map((t) => t.name)).toEqual(DEMO_DATASETS.map((p) => p.id));
    for (const table of demo) {
      const spec = table.load();
      const plan = DEMO_DATASETS.find((p) => p.id === table.name)!;
      expect(spec.rows).toHaveLength(plan.records);
      expect(spec.header).toContain(plan.recordKey);
      expect(spec.rows.every((row) => row.length === spec.header.length)).toBe(true);
      expect(table.load()).toEqual(spec);
    }
  });

  it('names only columns the table has as dependents', () => {
    for (const table of demo) {
      const spec = table.load();
      for (const column of spec.dependents ?? []) expect(spec.header).toContain(column);
    }
  });
});

describe('held-out tables: flight status from several sources', () => {
  const table = HELDOUT_TABLES.find((t) => t.name === 'flight-status')!;

  it('describes each flight by two to eight distinct sources, and three sources write times their own way', () => {
    expect(table.split).toBe('tune');
    const spec = table.load();
    const bySource = new Map<string, Set<string>>();
    const perFlight = new Map<string, string[]>();
    for (const [source, flight] of spec.rows) perFlight.set(flight!, [...(perFlight.get(flight!) ?? []), source!]);
    for (const sources of perFlight.values()) {
      expect(sources.length).toBeGreaterThanOrEqual(2);
      expect(sources.length).toBeLessThanOrEqual(8);
      expect(new Set(sources).size).toBe(sources.length);
    }
    for (const [source] of spec.rows) bySource.set(source!, new Set());
    expect(bySource.size).toBe(10);
    expect(Object.keys(spec.sourceStyles ?? {})).toHaveLength(3);
    // The clean table writes every time one way; copies of a flight agree.
    expect(spec.rows.every((r) => r.slice(2).every((t) => /^\d{1,2}:\d{2} [ap]\.m\.$/.test(t)))).toBe(true);
    const first = new Map<string, string>();
    for (const r of spec.rows) expect(first.get(r[1]!) ?? (first.set(r[1]!, r.slice(2).join('|')), r.slice(2).join('|'))).toBe(r.slice(2).join('|'));
  });
});

describe('held-out tables: flight status from thirty sites', () => {
  it('describes each flight by four to fourteen of thirty sites, the source column headed src', () => {
    const spec = HELDOUT_TABLES.find((t) => t.name === 'flight-sites')!.load();
    expect(spec.header[0]).toBe('src');
    expect(spec.sourceColumn).toBe('src');
    const perFlight = new Map<string, Set<string>>();
    for (const [site, flight] of spec.rows) perFlight.set(flight!, (perFlight.get(flight!) ?? new Set()).add(site!));
    expect(new Set(spec.rows.map((r) => r[0])).size).toBe(30);
    for (const sites of perFlight.values()) {
      expect(sites.size).toBeGreaterThanOrEqual(4);
      expect(sites.size).toBeLessThanOrEqual(14);
    }
    expect(spec.rows.length).toBe([...perFlight.values()].reduce((n, s) => n + s.size, 0));
  });
});

describe('held-out tables: the scale split', () => {
  it('holds whole public tables, from 10,000 to 200,000 rows, their named columns among the headers', () => {
    const scale = HELDOUT_TABLES.filter((t) => t.split === 'scale');
    const sizes = Object.fromEntries(
      scale.map((t) => {
        const spec = t.load();
        for (const column of [...(spec.dependents ?? []), ...Object.keys(spec.units ?? {})]) expect(spec.header).toContain(column);
        expect(spec.rows.every((row) => row.length === spec.header.length)).toBe(true);
        return [t.name, spec.rows.length];
      }),
    );
    expect(sizes).toEqual({ 'birdstrikes-all': 10_000, 'zipcodes-all': 42_049, 'flights-200k': 200_000 });
  });
});
