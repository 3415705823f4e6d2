import { describe, expect, it } from 'vitest';
import { recordKeyField } from './record-key';

describe('the record key of a dataset', () => {
  it.each([
    ['opportunities', [], 'opportunity_id'],
    ['leads', ['id'], 'lead_id'],
    ['Customers', [], 'customer_id'],
    ['products', ['record_id'], 'product_id'],
    ['invoices', ['record_id', 'id'], 'record_id'],
    ['invoices', ['id', 'amount'], 'id'],
    ['invoices', ['amount'], 'opportunity_id'],
    ['invoices', undefined, 'opportunity_id'],
  ] as const)('of %s with columns %j is %s', (name, columns, key) => {
    expect(recordKeyField(name, columns)).toBe(key);
  });
});
