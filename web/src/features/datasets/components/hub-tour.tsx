import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';

// Take Tour (spec 2 §2.5): a guided walk over the hub's parts. Each step outlines its part and
// explains it; Next/Back/Escape work from the keyboard (a Radix dialog keeps focus inside). Once
// finished or skipped, it is remembered and not offered automatically again.

export const TOUR_SEEN_KEY = 'qd_hub_tour_seen';

export const TOUR_STEPS = [
  { target: 'hub-summary', title: 'Your instance at a glance', body: 'Datasets, open issues, and the potential value of the quick wins: the sum of their estimates, in thousands of dollars.' },
  { target: 'hub-cards', title: 'One card per dataset', body: 'The grade and score bar come from the quality score: the share of checked values that pass, open rows weighted by priority. Green from 80, yellow from 60.' },
  { target: 'hub-onboarding', title: 'Onboarding progress', body: 'Data uploaded, checks configured and a first scan done make a dataset onboarded (100 %). Data without checks or a scan needs finalization (75 %).' },
  { target: 'hub-details', title: 'Details', body: 'Open a dataset to see its issues by type and the actions that would raise its score most.' },
  { target: 'hub-links', title: 'Where to go next', body: 'The dashboard for trends and quick wins, your tasks (the open rows you own) and the documentation.' },
] as const;

export function useTourSeen(): [boolean, () => void] {
  const [seen, setSeen] = useState(() => localStorage.getItem(TOUR_SEEN_KEY) === '1');
  return [
    seen,
    () => {
      localStorage.setItem(TOUR_SEEN_KEY, '1');
      setSeen(true);
    },
  ];
}

/** Watch Demo plays the same walk on its own, one step every AUTOPLAY_MS (any key or button takes over). */
export const AUTOPLAY_MS = 4000;

export function HubTour({ open, onClose, autoplay = false }: { open: boolean; onClose: () => void; autoplay?: boolean }) {
  const [playing, setPlaying] = useState(autoplay);
  const [index, setIndex] = useState(0);
  const step = TOUR_STEPS[index]!;
  useEffect(() => {
    if (!open) return;
    const el = document.querySelector<HTMLElement>(`[data-tour="${step.target}"]`);
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    el?.classList.add('ring-2', 'ring-primary', 'ring-offset-2', 'ring-offset-background', 'rounded-lg');
    return () => el?.classList.remove('ring-2', 'ring-primary', 'ring-offset-2', 'ring-offset-background', 'rounded-lg');
  }, [open, step.target]);
  useEffect(() => {
    if (open) {
      setIndex(0);
      setPlaying(autoplay);
    }
  }, [open, autoplay]);
  useEffect(() => {
    if (!open || !playing) return;
    const timer = setTimeout(() => (index === TOUR_STEPS.length - 1 ? onClose() : setIndex(index + 1)), AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [open, playing, index, onClose]);
  const last = index === TOUR_STEPS.length - 1;
  return (
    <Dialog.Root open={open} onOpenChange={(o) => (o ? undefined : onClose())} modal={false}>
      <Dialog.Portal>
        <Dialog.Content
          className="fixed right-4 bottom-4 z-50 w-[min(24rem,calc(100vw-2rem))] rounded-lg border bg-card p-5 text-card-foreground shadow-2xl outline-none"
          onKeyDown={(e) => {
            setPlaying(false);
            if (e.key === 'ArrowRight' && !last) setIndex(index + 1);
            if (e.key === 'ArrowLeft' && index > 0) setIndex(index - 1);
          }}
          onInteractOutside={(e) => e.preventDefault()}
        >
          <p className="text-xs text-muted-foreground">
            Step {index + 1} of {TOUR_STEPS.length}
            {playing ? ' · playing' : ''}
          </p>
          <Dialog.Title className="mt-1 text-base font-semibold">{step.title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted-foreground">{step.body}</Dialog.Description>
          <div className="mt-4 flex justify-between gap-2">
            <Button variant="ghost" size="sm" onClick={onClose}>
              {playing ? 'Stop' : 'Skip tour'}
            </Button>
            <div className="flex gap-2">
              <Button variant="secondary" size="sm" onClick={() => (setPlaying(false), setIndex(index - 1))} disabled={index === 0}>
                Back
              </Button>
              <Button size="sm" onClick={() => (setPlaying(false), last ? onClose() : setIndex(index + 1))} autoFocus>
                {last ? 'Finish' : 'Next'}
              </Button>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
