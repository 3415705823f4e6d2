import { describe, expect, it } from 'vitest';
import {
  dashboardToneOf,
  gradeOf,
  hubToneOf,
  instanceScore,
  priorityByType,
  qualityScore,
  quickWinEstimate,
  weightedOpen,
} from './quality-score';

const medium = () => 'medium' as const;

describe('qualityScore', () => {
  it.each([
    { case: 'no open rows', checkedValues: 1000, open: {}, expected: 100 },
    { case: 'no open rows and nothing checked', checkedValues: 0, open: {}, expected: 100 },
    { case: 'open rows but nothing checked', checkedValues: 0, open: { missing_data: 3 }, expected: 0 },
    { case: '10 medium rows of 1000 values', checkedValues: 1000, open: { missing_data: 10 }, expected: 99 },
    { case: '100 medium rows of 1000 values', checkedValues: 1000, open: { missing_data: 100 }, expected: 90 },
    { case: 'more weighted rows than values', checkedValues: 10, open: { missing_data: 30 }, expected: 0 },
  ])('scores $case as $expected', ({ checkedValues, open, expected }) => {
    expect(qualityScore({ checkedValues, openByType: open, priorityOf: medium })).toBe(expected);
  });

  it('weighs rows by the priority of their issue type', () => {
    const priorityOf = priorityByType([
      { issueType: 'missing_data', priority: 'critical' },
      { issueType: 'format_error', priority: 'low' },
    ]);
    expect(weightedOpen({ openByType: { missing_data: 10, format_error: 10, duplicate: 2 }, priorityOf })).toBe(10 * 4 + 10 * 0.5 + 2 * 1);
    expect(qualityScore({ checkedValues: 100, openByType: { missing_data: 10 }, priorityOf })).toBe(60);
    expect(qualityScore({ checkedValues: 100, openByType: { format_error: 10 }, priorityOf })).toBe(95);
  });

  it('falls as open rows rise and rises when they are resolved', () => {
    const at = (open: number) => qualityScore({ checkedValues: 500, openByType: { invalid_value: open }, priorityOf: medium });
    const scores = [0, 20, 60, 200, 499].map(at);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(at(60)).toBeGreaterThan(at(200));
  });
});

describe('priorityByType', () => {
  it('takes the most severe check per type and medium otherwise', () => {
    const priorityOf = priorityByType([
      { issueType: 'duplicate', priority: 'low' },
      { issueType: 'duplicate', priority: 'high' },
      { issueType: 'out_of_range', priority: undefined },
    ]);
    expect(priorityOf('duplicate')).toBe('high');
    expect(priorityOf('out_of_range')).toBe('medium');
    expect(priorityOf('data_quality')).toBe('medium');
  });
});

describe('instanceScore', () => {
  it.each([
    { case: 'no datasets', datasets: [], expected: 100 },
    { case: 'weighted by records', datasets: [{ score: 100, records: 900 }, { score: 0, records: 100 }], expected: 90 },
    { case: 'no records: plain mean', datasets: [{ score: 100, records: 0 }, { score: 50, records: 0 }], expected: 75 },
  ])('is $expected for $case', ({ datasets, expected }) => {
    expect(instanceScore(datasets)).toBe(expected);
  });
});

describe('grades and colours', () => {
  it.each([
    [100, 'A+', 'good', 'green'],
    [90, 'A+', 'good', 'green'],
    [89, 'A', 'warning', 'green'],
    [80, 'A', 'warning', 'green'],
    [79, 'B', 'warning', 'yellow'],
    [70, 'B', 'warning', 'yellow'],
    [69, 'C', 'bad', 'yellow'],
    [60, 'C', 'bad', 'yellow'],
    [59, 'D', 'bad', 'red'],
    [50, 'D', 'bad', 'red'],
    [49, 'F', 'bad', 'red'],
    [0, 'F', 'bad', 'red'],
  ] as const)('score %i is grade %s, dashboard %s, hub %s', (score, grade, dashboard, hub) => {
    expect(gradeOf(score)).toBe(grade);
    expect(dashboardToneOf(score)).toBe(dashboard);
    expect(hubToneOf(score)).toBe(hub);
  });
});

describe('quickWinEstimate', () => {
  it.each([
    { priority: 'critical', amount: undefined, expected: { estimatedTimeSaved: 15, businessValue: 15 } },
    { priority: 'low', amount: null, expected: { estimatedTimeSaved: 3, businessValue: 3 } },
    { priority: 'high', amount: 12500.4, expected: { estimatedTimeSaved: 10, businessValue: 12500 } },
    { priority: 'medium', amount: -5, expected: { estimatedTimeSaved: 5, businessValue: 5 } },
  ] as const)('estimates a $priority row with amount $amount', ({ priority, amount, expected }) => {
    expect(quickWinEstimate({ priority, amount })).toEqual(expected);
  });
});
