import { ShieldCheck } from 'lucide-react';
import { env } from '../../config/env';
import { cn } from '../../utils/cn';

/** The product mark: a shield-check on the primary colour, with the product name. */
export function Logo({ className, nameClassName }: { className?: string; nameClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <span className="inline-flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-primary to-primary/70 text-primary-foreground shadow-sm">
        <ShieldCheck className="size-5" aria-hidden />
      </span>
      <span className={nameClassName}>{env.appName}</span>
    </span>
  );
}
