import { useEffect, useRef, useState } from 'react';
import { TIMING } from '../utils/timing';
import { Modal } from '../../../components/public/modal';
import { buttonClasses } from '../../../components/ui/button';
import { hasStoredSession } from '../../../lib/signed-in';
import { trackEvent } from '../utils/analytics';

/**
 * Exit intent (spec 2 §2.8): for signed-out visitors of / and /pricing, once per page load, when
 * the pointer leaves through the top of the window. It closes on the signup click, No Thanks,
 * Escape, or after 30 s.
 */
export function ExitIntent({ onSignup, ctaLabel }: { onSignup: () => void; ctaLabel: string }) {
  const [open, setOpen] = useState(false);
  const fired = useRef(false);

  useEffect(() => {
    if (hasStoredSession()) return;
    const onLeave = (event: MouseEvent) => {
      if (fired.current || event.relatedTarget !== null || event.clientY > 0) return;
      fired.current = true;
      trackEvent('exit_intent_shown');
      setOpen(true);
    };
    document.addEventListener('mouseout', onLeave);
    return () => document.removeEventListener('mouseout', onLeave);
  }, []);

  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(() => setOpen(false), TIMING.exitIntentTimeoutMs);
    return () => window.clearTimeout(timer);
  }, [open]);

  return (
    <Modal open={open} onClose={() => setOpen(false)} title="Before you go" description="Fix failed data-quality rows in minutes, with AI suggestions you can check.">
      <p className="text-sm text-muted-foreground">Join the early access list and be the first to try the Teams plan, with a 14-day free trial.</p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonClasses('ghost')} onClick={() => { trackEvent('exit_intent_dismissed'); setOpen(false); }}>
          No Thanks
        </button>
        <button
          type="button"
          className={buttonClasses('primary')}
          onClick={() => {
            trackEvent('exit_intent_signup');
            setOpen(false);
            onSignup();
          }}
        >
          {ctaLabel}
        </button>
      </div>
    </Modal>
  );
}
