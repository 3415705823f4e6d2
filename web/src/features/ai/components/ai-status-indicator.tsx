import { CheckCircle2, Sparkles, Square } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useProcessingControl, useProcessingStatus } from '../../../lib/api/ai-processing';

// The AI status indicator, always in view under /app (spec 1 §2 App shell, spec 2 §2.2):
// "AI Processing (n)" with a spinner and Stop while rows are queued, "AI Complete!" for 3 s after,
// "AI Ready" otherwise; total credits and their dollar value when above zero; hidden when idle
// with no credits used. Figures come from the server (the ledger), not a browser counter. It is
// docked in the sticky header, not floating over the page, so it never hides a control (issue 9).

export const COMPLETE_MS = 3_000;

type Phase = 'processing' | 'complete' | 'ready';

export function AiStatusIndicator() {
  const { data: status } = useProcessingStatus();
  const control = useProcessingControl();
  const [phase, setPhase] = useState<Phase>('ready');
  const wasProcessing = useRef(false);
  const queued = status?.queued ?? 0;
  const processing = queued > 0 && !status?.paused;

  useEffect(() => {
    if (processing) {
      wasProcessing.current = true;
      setPhase('processing');
      return;
    }
    if (!wasProcessing.current) return;
    wasProcessing.current = false;
    setPhase('complete');
    const timer = setTimeout(() => setPhase('ready'), COMPLETE_MS);
    return () => clearTimeout(timer);
  }, [processing]);

  if (!status) return null;
  const credits = status.creditsUsed;
  const shownPhase: Phase = processing ? 'processing' : phase === 'processing' ? 'ready' : phase;
  if (shownPhase === 'ready' && credits === 0 && queued === 0) return null;

  return (
    <aside
      aria-label="AI status"
      data-testid="ai-status-indicator"
      className="flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-xs sm:gap-3 sm:text-sm"
    >
      <span role="status" aria-live="polite" className="flex items-center gap-2 font-medium whitespace-nowrap">
        {shownPhase === 'processing' ? (
          <>
            <Spinner className="text-primary" /> AI Processing ({queued})
          </>
        ) : shownPhase === 'complete' ? (
          <>
            <CheckCircle2 className="size-4 text-success" aria-hidden /> AI Complete!
          </>
        ) : (
          <>
            <Sparkles className="size-4 text-primary" aria-hidden />{' '}
            {status.paused && queued > 0 ? `AI Paused (${queued})` : <span className="sr-only sm:not-sr-only">AI Ready</span>}
          </>
        )}
      </span>
      {credits > 0 ? (
        // On a phone the figure (and "AI Ready") is read out but not shown: the header has no room there.
        <span className="sr-only whitespace-nowrap text-muted-foreground tabular-nums sm:not-sr-only" data-testid="ai-credits">
          {credits} {credits === 1 ? 'credit' : 'credits'} · {status.dollarsUsed}
        </span>
      ) : null}
      {shownPhase === 'processing' ? (
        <Button size="sm" variant="outline" className="h-6 rounded-full px-2" disabled={control.isPending} onClick={() => control.mutate('stop')}>
          <Square className="size-3" aria-hidden /> Stop
        </Button>
      ) : null}
    </aside>
  );
}
