import { useEffect, useState } from 'react';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Counts up to a real figure once; shows it at once for visitors who ask for less motion. */
export function useCountUp(target: number, durationMs = 1200): number {
  const [value, setValue] = useState(() => (prefersReducedMotion() ? target : 0));
  useEffect(() => {
    if (prefersReducedMotion()) {
      setValue(target);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / durationMs);
      setValue(Math.round(target * (1 - (1 - t) ** 3)));
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, durationMs]);
  return value;
}

export function StatCounter({ value, label }: { value: number; label: string }) {
  const shown = useCountUp(value);
  return (
    <div className="flex flex-col items-center gap-1 text-center">
      {/* Screen readers get the final figure, not every frame of the count. */}
      <span className="text-3xl font-bold tabular-nums sm:text-4xl" aria-hidden>
        {shown.toLocaleString('en-US')}
      </span>
      <span className="sr-only">{value.toLocaleString('en-US')}</span>
      <span className="text-sm text-muted-foreground">{label}</span>
    </div>
  );
}
