import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { INSTANCE_TYPES, WAREHOUSE_TYPES, type InstanceType, type WarehouseType } from '../../../../../shared/constants';
import type { Instance } from '../../../../../shared/schemas/session';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { useCreateInstance, useUpdateInstance } from '../api/instances';
import { serverMessage } from './errors';
import { Modal, selectClasses } from './modal';

export const INSTANCE_TYPE_LABELS: Record<InstanceType, string> = { production: 'Production', development: 'Development', business_unit: 'Business Unit', staging: 'Staging', testing: 'Testing' };
export const WAREHOUSE_LABELS: Record<WarehouseType, string> = { mock: 'Mock data', snowflake: 'Snowflake', bigquery: 'BigQuery', redshift: 'Redshift', databricks: 'Databricks' };

/** Create New Instance / Edit Instance (spec 2 §2.3 Teams, §5 instance rules). */
export function InstanceDialog({ orgId, open, onOpenChange, editing }: { orgId: string; open: boolean; onOpenChange: (open: boolean) => void; editing: Instance | null }) {
  const create = useCreateInstance(orgId);
  const update = useUpdateInstance(orgId);
  const [name, setName] = useState('');
  const [type, setType] = useState<InstanceType>('development');
  const [warehouseType, setWarehouseType] = useState<WarehouseType>('mock');
  const [description, setDescription] = useState('');
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    setName(editing?.name ?? '');
    setType(editing?.type ?? 'development');
    setWarehouseType(editing?.warehouseType ?? 'mock');
    setDescription(editing?.description ?? '');
  }, [open, editing]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      toast.error('Instance name is required');
      return;
    }
    const body = { name: name.trim(), type, warehouseType, description: description.trim() };
    if (editing) {
      update.mutate(
        { id: editing.id, ...body },
        { onSuccess: () => (toast.success(`Instance "${body.name}" updated`), onOpenChange(false)), onError: (e) => toast.error(`Failed to update instance: ${serverMessage(e)}`) },
      );
    } else {
      create.mutate(body, { onSuccess: () => (toast.success(`Instance "${body.name}" created`), onOpenChange(false)), onError: (e) => toast.error(`Failed to create instance: ${serverMessage(e)}`) });
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={editing ? 'Edit Instance' : 'Create New Instance'} description="An instance is an environment or business unit with its own datasets and team.">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Instance name" name="instance-name" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Production" required />
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Type
            <select className={selectClasses} value={type} onChange={(e) => setType(e.target.value as InstanceType)}>
              {INSTANCE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {INSTANCE_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Warehouse
            <select className={selectClasses} value={warehouseType} onChange={(e) => setWarehouseType(e.target.value as WarehouseType)}>
              {WAREHOUSE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {WAREHOUSE_LABELS[t]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Description
          <textarea className={`${selectClasses} h-20 py-2`} maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={!name.trim() || pending}>
            {pending ? <Spinner /> : null}
            {editing ? 'Save Changes' : 'Create Instance'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
