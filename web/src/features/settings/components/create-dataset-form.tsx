import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { delimiterOf } from '../../../../../shared/csv';
import { SOURCE_LIMITS } from '../../../../../shared/schemas/datasets';
import { Button } from '../../../components/ui/button';
import { Field, inputClasses } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useCreateDataset } from '../api/create-dataset';

// Create a dataset by uploading a CSV (issue 4 §1): the header names the columns; the admin names
// the dataset and its record key column. The bar follows the upload; errors keep the line number.

async function headerOf(file: File): Promise<string[]> {
  const head = await file.slice(0, 64 * 1024).text();
  const first = head.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
  // Commas, or the semicolons or tabs a spreadsheet set to a decimal comma writes (as the server reads it).
  return first.split(delimiterOf(first)).map((c) => c.trim().replace(/^"|"$/g, '')).filter(Boolean);
}

export function CreateDatasetForm({ instanceId, onCreated }: { instanceId: string; onCreated: (id: string) => void }) {
  const create = useCreateDataset();
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [recordKey, setRecordKey] = useState('');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  // A new key empties the file input after a dataset is created (a file input cannot be set).
  const [inputKey, setInputKey] = useState(0);

  const choose = async (chosen: File | undefined) => {
    setError(null);
    setFile(chosen ?? null);
    if (!chosen) return;
    if (chosen.size > SOURCE_LIMITS.maxBytes) setError('The file is larger than 50 MB.');
    const header = await headerOf(chosen);
    setColumns(header);
    setRecordKey(header.find((c) => /(^|_)id$/i.test(c)) ?? header[0] ?? '');
    if (!name) setName(chosen.name.replace(/\.csv$/i, ''));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const dataset = await create.mutateAsync({ instanceId, file, name, recordKey, onProgress: setProgress });
      toast.success(`Dataset ${dataset.name} created with ${dataset.totalRecords.toLocaleString('en-US')} records`);
      setFile(null);
      setColumns([]);
      setName('');
      setInputKey((k) => k + 1);
      onCreated(dataset.id);
    } catch (e) {
      setError(e instanceof ApiError ? (e.serverError ?? e.message) : e instanceof Error ? e.message : 'Failed to create the dataset');
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 rounded-lg border border-border p-4" aria-labelledby="create-dataset-heading">
      <h2 id="create-dataset-heading" className="text-base font-semibold">
        Create a dataset from a CSV
      </h2>
      <label className="flex flex-col gap-1 text-sm font-medium">
        CSV file (header row, up to 50 MB)
        <input key={inputKey} type="file" accept=".csv,text/csv" onChange={(e) => void choose(e.target.files?.[0])} className="text-sm" />
      </label>
      {file ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Dataset name" value={name} onChange={(e) => setName(e.target.value)} required />
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Record key column
            <select className={inputClasses} aria-label="Record key column" value={recordKey} onChange={(e) => setRecordKey(e.target.value)}>
              {columns.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
        </div>
      ) : null}
      {create.isPending ? (
        <div className="flex flex-col gap-1">
          <progress className="h-2 w-full accent-primary" max={1} value={progress} aria-label="Upload progress" />
          <span className="text-xs text-muted-foreground">{progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Checking the file…'}</span>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-lg bg-danger-soft p-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={!file || !name.trim() || !recordKey || create.isPending}>
          {create.isPending ? 'Creating…' : 'Upload and create'}
        </Button>
      </div>
    </form>
  );
}
