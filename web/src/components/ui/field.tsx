import { Label } from 'radix-ui';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../utils/cn';

export const inputClasses = cn(
  'h-10 rounded-lg border border-input bg-card px-3 text-sm text-foreground shadow-xs',
  'placeholder:text-muted-foreground/80',
  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
  'disabled:cursor-not-allowed disabled:opacity-60',
);

type FieldProps = ComponentProps<'input'> & {
  label: string;
  hint?: ReactNode;
  icon?: ReactNode;
  /** A problem with the value: shown under the field, which is marked invalid and highlighted. */
  error?: string | null;
};

/** A labelled text input; the label is always visible and tied to the input. */
export function Field({ label, hint, icon, error, className, id, ...props }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <Label.Root htmlFor={inputId} className="text-sm font-medium">
        {label}
      </Label.Root>
      <div className="relative">
        {icon ? (
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground">
            {icon}
          </span>
        ) : null}
        <input
          id={inputId}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          aria-invalid={error ? true : undefined}
          className={cn(inputClasses, 'w-full', icon ? 'pl-9' : undefined, error ? 'border-danger focus-visible:outline-danger/40' : undefined, className)}
          {...props}
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
