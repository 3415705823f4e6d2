import { useId } from 'react';
import { ISSUE_TYPES, ISSUE_TYPE_LABELS, type IssueType } from '../../../../../shared/constants';
import type { FailedRowsResponse } from '../../../../../shared/schemas/issues';
import { inputClasses } from '../../../components/ui/field';
import { cn } from '../../../utils/cn';
import { formatCount } from '../../../utils/format';
import type { FilterChange, IssueFilters } from '../hooks/use-issue-filters';
import { formatScanDate, formatScanTime } from '../utils/format-value';

interface Option {
  value: string;
  label: string;
}

function FilterSelect({
  label,
  value,
  options,
  allLabel,
  onChange,
  disabled,
  hint,
}: {
  label: string;
  value: string | undefined;
  options: readonly Option[];
  allLabel: string;
  onChange: (value: string | undefined) => void;
  disabled?: boolean;
  hint?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ''}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        title={hint}
        onChange={(event) => onChange(event.target.value || undefined)}
        className={cn(inputClasses, 'h-9 w-full min-w-0 pr-8')}
      >
        <option value="">{allLabel}</option>
        {/* Keep a value from the URL selectable even before (or without) its option loading. */}
        {value && !options.some((o) => o.value === value) ? <option value={value}>{value}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <span id={hintId} className="sr-only">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

/**
 * Owner, Assignee, Impact, Issue Type, Date and Scan Time (spec 1 §2; issue 13): scan time is
 * disabled until a date is chosen.
 */
export function IssueFiltersBar({
  filters,
  onChange,
  owners,
  issueTypeCounts,
  dates,
  scanTimes,
  useCases,
}: {
  filters: IssueFilters;
  onChange: (change: FilterChange) => void;
  owners: readonly string[];
  /** The organization's enabled use cases, for the Impact filter (issue 13 §6). */
  useCases: readonly Option[];
  issueTypeCounts: FailedRowsResponse['issueTypeCounts'] | undefined;
  dates: readonly string[];
  scanTimes: readonly string[];
}) {
  const typeOptions = ISSUE_TYPES.map((type) => {
    const count = issueTypeCounts?.[type];
    return { value: type, label: count === undefined ? ISSUE_TYPE_LABELS[type] : `${ISSUE_TYPE_LABELS[type]} (${formatCount(count)})` };
  });
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      <FilterSelect
        label="Owner"
        value={filters.owner}
        allLabel="All owners"
        options={owners.map((owner) => ({ value: owner, label: owner }))}
        onChange={(owner) => onChange({ owner })}
      />
      <FilterSelect
        label="Assignee"
        value={filters.assignee}
        allLabel="Everyone"
        options={[{ value: 'me', label: 'Assigned to me' }]}
        onChange={(assignee) => onChange({ assignee: assignee === 'me' ? 'me' : undefined })}
      />
      <FilterSelect
        label="Impact"
        value={filters.impact}
        allLabel="Any impact"
        options={useCases}
        hint="Only the rows that affect this use case"
        onChange={(impact) => onChange({ impact })}
      />
      <FilterSelect
        label="Issue Type"
        value={filters.issueType}
        allLabel="All issue types"
        options={typeOptions}
        onChange={(issueType) => onChange({ issueType: issueType as IssueType | undefined })}
      />
      <FilterSelect
        label="Date"
        value={filters.date}
        allLabel="All dates"
        options={dates.map((date) => ({ value: date, label: formatScanDate(date) }))}
        onChange={(date) => onChange({ date })}
      />
      <FilterSelect
        label="Scan Time"
        value={filters.scanTime}
        allLabel={filters.date ? 'All scans of the day' : 'Choose a date first'}
        options={scanTimes.map((scanTime) => ({ value: scanTime, label: formatScanTime(scanTime) }))}
        onChange={(scanTime) => onChange({ scanTime })}
        disabled={!filters.date}
        hint={filters.date ? undefined : 'Choose a date to pick one of its scans'}
      />
    </div>
  );
}
