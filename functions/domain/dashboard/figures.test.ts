import { describe, expect, it } from 'vitest';
import { emptyDay } from './daily-activity';
import { medianTimeToResolve, trendOf, trendPoints, weekly } from './figures';

const day = (date: string, over: Partial<ReturnType<typeof emptyDay>>) => ({ ...emptyDay(date), ...over });

describe('trendPoints', () => {
  it('walks the open count back from today through each later day’s net change', () => {
    const points = trendPoints(
      [day('2026-03-02', { resolved: 4, openDelta: -4 }), day('2026-03-03', { opened: 10, openDelta: 10 })],
      20,
      '2026-03-01',
      '2026-03-03',
    );
    expect(points.map((p) => [p.date, p.open, p.resolved, p.opened])).toEqual([
      ['2026-03-01', 14, 0, 0],
      ['2026-03-02', 10, 4, 0],
      ['2026-03-03', 20, 0, 10],
    ]);
  });

  it('sums weeks from the last day back and keeps each week’s closing open count', () => {
    const points = trendPoints([day('2026-03-08', { resolved: 2, openDelta: -2 })], 5, '2026-03-01', '2026-03-14');
    expect(weekly(points).map((p) => [p.date, p.open, p.resolved])).toEqual([
      ['2026-03-07', 7, 0],
      ['2026-03-14', 5, 2],
    ]);
  });
});

describe('medianTimeToResolve and trendOf', () => {
  it.each([
    [[0, 0, 0, 0, 0, 0, 0], null, 'No resolutions'],
    [[3, 0, 0, 0, 0, 0, 0], 1, 'Within 1 h'],
    [[1, 0, 5, 0, 0, 0, 0], 24, 'Within 1 d'],
    [[0, 0, 0, 0, 0, 0, 2], null, 'More than 30 days'],
  ])('buckets %j give %s', (buckets, hours, label) => {
    expect(medianTimeToResolve(buckets)).toEqual({ hours, label });
  });

  it.each([
    [5, 9, 'up'],
    [9, 5, 'down'],
    [5, 5, 'flat'],
  ] as const)('open %i now against %i a week ago is %s', (now, before, trend) => {
    expect(trendOf(now, before)).toBe(trend);
  });
});
