import { LoaderCircle } from 'lucide-react';
import { cn } from '../../utils/cn';

/** A spinning icon; pair it with visible text or give it a label. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <LoaderCircle
      className={cn('size-4 animate-spin', className)}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'img' : undefined}
    />
  );
}
