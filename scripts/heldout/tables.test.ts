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
