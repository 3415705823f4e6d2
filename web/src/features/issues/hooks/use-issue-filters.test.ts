import { failedRowsParams, issueFiltersSearch, parseIssueFilters, withFilterChange } from './use-issue-filters';

const parse = (query: string) => parseIssueFilters(new URLSearchParams(query));

describe('issue filters in the URL', () => {
  it('defaults to the open tab, page 1 and 15 rows', () => {
    expect(parse('')).toEqual({ status: 'open', page: 1, pageSize: 15 });
  });

  it.each([
    ['status=archived', { status: 'open' }],
    ['date=21-11-2026', { date: undefined }],
    ['scanTime=2026-11-21T06:00:00.000Z', { scanTime: undefined }],
    ['issueType=Out%20of%20Range', { issueType: 'out_of_range' }],
    ['issueType=nonsense', { issueType: undefined }],
    ['page=0', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['pageSize=7', { pageSize: 15 }],
    ['sort=owner', { sort: { field: 'owner', direction: 'asc' } }],
    ['sort=password:asc', { sort: undefined }],
    ['impact=revenue-reporting', { impact: 'revenue-reporting' }],
  ])('reads %s leniently', (query, expected) => {
    expect(parse(query)).toMatchObject(expected);
  });

  it('writes what it reads', () => {
    const query = 'owner=a%40b.test&status=muted&date=2026-11-21&scanTime=2026-11-21T06%3A00%3A00.000Z&issueType=duplicate&page=3&pageSize=50&sort=record_id%3Adesc';
    expect(issueFiltersSearch(parse(query)).toString()).toBe(query);
  });

  it('goes back to page 1 on any filter change and clears the scan time with a new date', () => {
    const filters = parse('date=2026-11-21&scanTime=2026-11-21T06:00:00.000Z&page=4');
    expect(withFilterChange(filters, { owner: 'a@b.test' })).toMatchObject({ page: 1, scanTime: '2026-11-21T06:00:00.000Z' });
    expect(withFilterChange(filters, { date: '2026-11-20' })).toMatchObject({ page: 1, date: '2026-11-20', scanTime: undefined });
    expect(withFilterChange(filters, { date: undefined })).toMatchObject({ date: undefined, scanTime: undefined });
  });

  it('asks the API for the page as limit and offset', () => {
    expect(failedRowsParams(parse('page=3&pageSize=25&sort=owner:desc'))).toMatchObject({ limit: 25, offset: 50, sort: 'owner:desc', status: 'open' });
  });

  it('keeps the Impact filter in the URL and sends it to the API', () => {
    const filters = parse('status=open&assignee=me&impact=revenue-reporting');
    expect(issueFiltersSearch(filters).toString()).toBe('status=open&assignee=me&impact=revenue-reporting');
    expect(failedRowsParams(filters)).toMatchObject({ assignee: 'me', impact: 'revenue-reporting' });
    expect(withFilterChange(filters, { impact: undefined }).impact).toBeUndefined();
    expect(parse('impact=Revenue%20Reporting').impact).toBeUndefined();
  });
});
