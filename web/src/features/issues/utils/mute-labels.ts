import type { MuteDuration } from '../../../../../shared/constants';

/** The mute choices as the menus read them (spec 1 §4, §9). */
export const MUTE_DURATION_LABELS: Record<MuteDuration, string> = {
  '1_day': '1 day',
  '3_days': '3 days',
  '1_week': '1 week',
  '2_weeks': '2 weeks',
  '1_month': '1 month',
  indefinite: 'Indefinitely',
};
