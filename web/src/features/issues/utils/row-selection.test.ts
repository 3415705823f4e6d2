import type { IssueRow } from '../../../../../shared/schemas/issues';
import { allPageSelected, nextSort, somePageSelected, togglePage, toggleRow } from './row-selection';

const row = (issue_id: string, status: IssueRow['status'] = 'open') => ({ issue_id, status }) as IssueRow;
const page = [row('a'), row('b', 'muted'), row('c', 'resolved')];

describe('row selection of the Issues table', () => {
  it('selects every selectable row of the page from the header, and leaves a resolved row out', () => {
    const next = togglePage(page, {});
    expect(next).toEqual({ a: true, b: true });
    expect(allPageSelected(page, next)).toBe(true);
    expect(somePageSelected(page, next)).toBe(false);
  });

  it('unselects the page when all its selectable rows are selected, and keeps other pages’ rows', () => {
    expect(togglePage(page, { a: true, b: true, z: true })).toEqual({ z: true });
  });

  it('completes a partly selected page first (the mixed state)', () => {
    expect(somePageSelected(page, { a: true })).toBe(true);
    expect(allPageSelected(page, { a: true })).toBe(false);
    expect(togglePage(page, { a: true })).toEqual({ a: true, b: true });
  });

  it('counts a page without selectable rows as neither all nor some selected', () => {
    const resolved = [row('c', 'resolved')];
    expect(allPageSelected(resolved, {})).toBe(false);
    expect(somePageSelected(resolved, {})).toBe(false);
    expect(allPageSelected([], {})).toBe(false);
  });

  it('toggles one row, but never a resolved one', () => {
    expect(toggleRow(row('a'), {})).toEqual({ a: true });
    expect(toggleRow(row('a'), { a: true, b: true })).toEqual({ b: true });
    expect(toggleRow(row('c', 'resolved'), {})).toEqual({});
  });
});

describe('sorting by a column header', () => {
  it.each([
    [undefined, 'owner', { field: 'owner', direction: 'asc' }],
    [{ field: 'owner', direction: 'asc' }, 'owner', { field: 'owner', direction: 'desc' }],
    [{ field: 'owner', direction: 'desc' }, 'owner', { field: 'owner', direction: 'asc' }],
    [{ field: 'status', direction: 'desc' }, 'owner', { field: 'owner', direction: 'asc' }],
  ] as const)('goes from %o on a click of %s to %o', (current, field, expected) => {
    expect(nextSort(current, field)).toEqual(expected);
  });
});
