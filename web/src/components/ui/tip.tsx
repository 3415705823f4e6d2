import { cloneElement, lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ReactElement, type ReactNode, type SyntheticEvent } from 'react';

// A tooltip that explains a control which already has its accessible name (issue 16 §7: the Issues
// screen's initial JS). The trigger and its behaviour are here and render with the screen; the
// bubble and Floating UI, which places it, load the first time a tooltip opens. The trigger element
// itself is never replaced, so a click or focus is never lost while the bubble loads.
//
// Behaviour (WAI-ARIA tooltip pattern, WCAG 1.4.13): it opens after OPEN_DELAY_MS of hover or at
// once on focus that is not a press of it; it closes when the pointer leaves the trigger and the bubble, on blur, on
// a press of the trigger and on Escape; while open the trigger is described by it.

const TipBubble = lazy(() => import('./tip-bubble').then((m) => ({ default: m.TipBubble })));

export const OPEN_DELAY_MS = 400;
/** Time to move the pointer from the trigger onto the bubble without it closing. */
const CLOSE_GRACE_MS = 120;

export interface TipProps {
  /** What the tooltip says. */
  content: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  sideOffset?: number;
  className?: string;
  /** The trigger: one element that takes a ref and pointer, focus and key handlers (a button, a span). */
  children: ReactElement<TriggerProps>;
}

interface TriggerProps {
  ref?: unknown;
  'aria-describedby'?: string;
  onPointerEnter?: (event: SyntheticEvent) => void;
  onPointerLeave?: (event: SyntheticEvent) => void;
  onPointerDown?: (event: SyntheticEvent) => void;
  onFocus?: (event: SyntheticEvent) => void;
  onBlur?: (event: SyntheticEvent) => void;
}

export function Tip({ content, side = 'top', sideOffset = 4, className, children }: TipProps) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pressed = useRef(false);

  const clearTimer = () => clearTimeout(timer.current);
  const show = useCallback(() => {
    clearTimeout(timer.current);
    setOpen(true);
  }, []);
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setOpen(false);
  }, []);
  const hideSoon = () => {
    clearTimer();
    timer.current = setTimeout(() => setOpen(false), CLOSE_GRACE_MS);
  };

  useEffect(() => clearTimer, []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, hide]);

  const own = children.props;
  // The trigger's own ref, if it has one, still receives the element; the callback stays the same
  // across renders so React does not detach and attach it on every render.
  const theirRef = useRef(own.ref);
  useEffect(() => {
    theirRef.current = own.ref;
  });
  const setTriggerRef = useCallback((element: HTMLElement | null) => {
    setAnchor(element);
    const theirs = theirRef.current;
    if (typeof theirs === 'function') theirs(element);
    else if (theirs && typeof theirs === 'object') (theirs as { current: unknown }).current = element;
  }, []);
  const chain =
    (mine: (event: SyntheticEvent) => void, theirs?: (event: SyntheticEvent) => void) =>
    (event: SyntheticEvent) => {
      theirs?.(event);
      mine(event);
    };
  const trigger = cloneElement(children, {
    ref: setTriggerRef,
    'aria-describedby': [own['aria-describedby'], open ? id : undefined].filter(Boolean).join(' ') || undefined,
    onPointerEnter: chain(() => {
      if (pressed.current) return;
      clearTimer();
      timer.current = setTimeout(() => setOpen(true), OPEN_DELAY_MS);
    }, own.onPointerEnter),
    onPointerLeave: chain(() => {
      pressed.current = false;
      hideSoon();
    }, own.onPointerLeave),
    onPointerDown: chain(() => {
      pressed.current = true;
      hide();
    }, own.onPointerDown),
    // Focus that a press of the trigger gave opens nothing; any other focus (keyboard, script) opens it.
    onFocus: chain(() => {
      if (!pressed.current) show();
    }, own.onFocus),
    onBlur: chain(() => {
      pressed.current = false;
      hide();
    }, own.onBlur),
  });

  return (
    <>
      {trigger}
      {open && anchor ? (
        <Suspense fallback={null}>
          <TipBubble id={id} anchor={anchor} content={content} side={side} sideOffset={sideOffset} className={className} onPointerEnter={clearTimer} onPointerLeave={hideSoon} />
        </Suspense>
      ) : null}
    </>
  );
}
