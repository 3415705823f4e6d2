import { describe, expect, it } from 'vitest';
import type { DatasetHealth, QuickWin } from '../../../../../shared/schemas/dashboard';
import { recommendationsFor } from './recommendations';

const now = new Date('2026-11-23T12:00:00.000Z');
const health = (formatGaps: NonNullable<DatasetHealth['details']>['formatGaps']): DatasetHealth => ({
  id: 'ds',
  name: 'Leads',
  qualityScore: 90,
  issuesCount: 0,
  lastScan: '2026-11-23T00:00:00.000Z',
  trend: 'flat',
  criticalIssues: 0,
  details: {
    grade: 'A+',
    onboardingStatus: 'onboarded',
    totalRecords: 100,
    checks: 2,
    counts: { open: 0, resolved: 0, muted: 0 },
    openByType: {} as NonNullable<DatasetHealth['details']>['openByType'],
    openSevenDaysAgo: 0,
    suggestionsAvailable: 0,
    formatGaps,
  },
});
const win = (suggestedAction: QuickWin['suggestedAction'], id: string): QuickWin => ({
  id,
  title: 't',
  description: 'd',
  impact: 'medium',
  effort: 'low',
  suggestedAction,
  recordId: id,
  datasetId: 'ds',
  estimatedTimeSaved: 5,
  businessValue: 5,
  suggestedValue: 'v',
  confidence: suggestedAction === 'Apply Learned Fix' ? null : 95,
  version: 1,
  issue: { issue_column: 'c', current_value: 'x', name: 'n' },
});

describe('recommendationsFor', () => {
  it('recommends a format check with the share of values that fail the pattern', () => {
    const texts = recommendationsFor(health([{ column: 'phone', format: 'phone', failing: 14, failingShare: 0.14 }, { column: 'born', format: 'date', failing: 1, failingShare: 0.004 }]), [], now).map((r) => r.text);
    expect(texts).toEqual(['Add a format check to column phone: 14 % of values fail a phone pattern', 'Add a format check to column born: 0.4 % of values fail a date pattern']);
  });

  it('counts AI suggestions and learned fixes apart', () => {
    const texts = recommendationsFor(health([]), [win('Accept AI Suggestion', 'a'), win('Apply Learned Fix', 'b'), win('Apply Learned Fix', 'c')], now).map((r) => r.text);
    expect(texts).toEqual(['Accept 1 high-confidence suggestion (saves about 5 min)', 'Apply 2 learned fixes: values people fixed the same way before (saves about 10 min)']);
  });
});
