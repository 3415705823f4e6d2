import { Label } from 'radix-ui';
import { useId } from 'react';
import type { DatasetSummary } from '../../../shared/schemas/session';
import { cn } from '../utils/cn';
import { inputClasses } from './ui/field';

/** Picks the dataset a screen works on; a native select keeps it keyboard- and screen-reader-friendly. */
export function DatasetSelector({
  datasets,
  value,
  onChange,
  className,
}: {
  datasets: readonly DatasetSummary[];
  value: string | null;
  onChange: (datasetId: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('inline-flex items-center gap-2 self-start', className)}>
      <Label.Root htmlFor={id} className="text-sm font-medium text-muted-foreground">
        Dataset
      </Label.Root>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        className={cn(inputClasses, 'h-9 min-w-44 pr-8')}
      >
        {datasets.map((dataset) => (
          <option key={dataset.id} value={dataset.id}>
            {dataset.name}
          </option>
        ))}
      </select>
    </div>
  );
}
