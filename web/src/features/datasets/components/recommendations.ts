import { ISSUE_TYPE_LABELS, type IssueType } from '../../../../../shared/constants';
import type { DatasetHealth, QuickWin } from '../../../../../shared/schemas/dashboard';

// Recommended actions of a dataset, generated from its figures (issue 12 §5): each names the
// number it comes from, so a user can check it.

export interface Recommendation {
  text: string;
  /** Where to act. */
  to: 'issues' | 'settings' | 'dashboard';
}

const DAY_MS = 86_400_000;

const FORMAT_NAMES = { email: 'an e-mail', phone: 'a phone', date: 'a date' } as const;
/** Whole percent, one decimal below 1 % (so a handful of rows never reads "0 %"). */
const percent = (share: number) => {
  const p = share * 100;
  return `${p < 1 ? Math.round(p * 10) / 10 : Math.round(p)} %`;
};

export function recommendationsFor(health: DatasetHealth, wins: readonly QuickWin[], now: Date): Recommendation[] {
  const out: Recommendation[] = [];
  const d = health.details;
  const mine = wins.filter((w) => w.datasetId === health.id);
  const ai = mine.filter((w) => w.suggestedAction === 'Accept AI Suggestion');
  const learned = mine.filter((w) => w.suggestedAction === 'Apply Learned Fix');
  const saved = (list: readonly QuickWin[]) => list.reduce((n, w) => n + w.estimatedTimeSaved, 0);
  if (ai.length > 0) {
    out.push({ text: `Accept ${ai.length} high-confidence suggestion${ai.length === 1 ? '' : 's'} (saves about ${saved(ai)} min)`, to: 'dashboard' });
  }
  if (learned.length > 0) {
    out.push({ text: `Apply ${learned.length} learned fix${learned.length === 1 ? '' : 'es'}: values people fixed the same way before (saves about ${saved(learned)} min)`, to: 'dashboard' });
  }
  if (d && d.onboardingStatus !== 'onboarded') {
    out.push({ text: d.checks === 0 ? 'Add checks to this dataset and run its first scan' : 'Run the first scan to finish onboarding', to: 'settings' });
  }
  if (health.criticalIssues > 0) out.push({ text: `Review ${health.criticalIssues} open critical issue${health.criticalIssues === 1 ? '' : 's'} first`, to: 'issues' });
  if (d) {
    const top = (Object.entries(d.openByType) as Array<[IssueType, number]>).sort((a, b) => b[1] - a[1])[0];
    if (top && top[1] > 0 && d.counts.open > 0) {
      const share = Math.round((top[1] / d.counts.open) * 100);
      out.push({ text: `${ISSUE_TYPE_LABELS[top[0]]} makes up ${share} % of the open issues (${top[1]}): filter the Issues screen by it`, to: 'issues' });
    }
    for (const gap of d.formatGaps) {
      out.push({ text: `Add a format check to column ${gap.column}: ${percent(gap.failingShare)} of values fail ${FORMAT_NAMES[gap.format]} pattern`, to: 'settings' });
    }
    if (d.suggestionsAvailable === 0 && d.counts.open > 0) out.push({ text: `Ask AI for suggestions on the ${d.counts.open} open rows`, to: 'issues' });
  }
  if (health.lastScan && now.getTime() - Date.parse(health.lastScan) > 7 * DAY_MS) {
    out.push({ text: `Last scanned ${Math.floor((now.getTime() - Date.parse(health.lastScan)) / DAY_MS)} days ago: run a scan`, to: 'dashboard' });
  }
  if (out.length === 0) out.push({ text: 'Nothing to do: no open issues', to: 'dashboard' });
  return out;
}
