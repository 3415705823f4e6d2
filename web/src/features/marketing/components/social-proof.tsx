import { Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { TIMING } from '../utils/timing';

/**
 * Social proof (spec 2 §2.8): after 15 s, with a 30% chance, for 5 s. Its figure is the real count
 * of signups this week; with none there is nothing to say, and nothing is shown.
 */
export function SocialProof({ signupsThisWeek, random = Math.random }: { signupsThisWeek: number | undefined; random?: () => number }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!signupsThisWeek) return;
    let hide = 0;
    const show = window.setTimeout(() => {
      if (random() >= TIMING.socialProofChance) return;
      setVisible(true);
      hide = window.setTimeout(() => setVisible(false), TIMING.socialProofShownMs);
    }, TIMING.socialProofDelayMs);
    return () => {
      window.clearTimeout(show);
      window.clearTimeout(hide);
    };
  }, [signupsThisWeek, random]);
  if (!visible || !signupsThisWeek) return null;
  return (
    <div role="status" className="fixed bottom-4 left-4 z-50 flex items-center gap-3 rounded-xl border bg-card px-4 py-3 text-sm shadow-lg">
      <Users className="size-5 text-primary" aria-hidden />
      <span>
        {signupsThisWeek.toLocaleString('en-US')} {signupsThisWeek === 1 ? 'team' : 'teams'} joined this week
      </span>
    </div>
  );
}
