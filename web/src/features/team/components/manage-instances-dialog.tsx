import { useState } from 'react';
import { toast } from 'sonner';
import type { Instance } from '../../../../../shared/schemas/session';
import type { Member } from '../../../../../shared/schemas/team';
import { InstanceTypeBadge } from '../../../components/instance-type-badge';
import { Button } from '../../../components/ui/button';
import { useAssignUser, useUnassignUser } from '../api/instances';
import { serverMessage } from './errors';
import { ConfirmDialog, Modal, type ConfirmRequest } from './modal';

/** Manage Instances of a member: assign (role user) or remove, with confirmation (spec 2 §6). */
export function ManageInstancesDialog({ orgId, member, instances, onOpenChange }: { orgId: string; member: Member | null; instances: Instance[]; onOpenChange: (open: boolean) => void }) {
  const assign = useAssignUser(orgId);
  const unassign = useUnassignUser(orgId);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const assigned = new Set(member?.instances.map((i) => i.id) ?? []);
  return (
    <>
      <Modal open={member !== null} onOpenChange={onOpenChange} title="Manage Instances" description={member ? `Instances ${member.name} can work in.` : undefined}>
        <ul className="flex flex-col divide-y rounded-lg border">
          {instances.map((instance) => {
            const has = assigned.has(instance.id);
            return (
              <li key={instance.id} className="flex items-center justify-between gap-3 px-3 py-2.5">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{instance.name}</p>
                  <InstanceTypeBadge type={instance.type} />
                </div>
                {has ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={unassign.isPending}
                    onClick={() =>
                      setConfirm({
                        title: 'Remove from instance?',
                        description: `${member!.name} will lose access to ${instance.name}.`,
                        confirmLabel: 'Remove',
                        onConfirm: () =>
                          unassign.mutateAsync({ instanceId: instance.id, email: member!.email }).then(
                            () => toast.success(`${member!.name} removed from ${instance.name}`),
                            (e) => toast.error(`Failed to remove user from instance: ${serverMessage(e)}`),
                          ),
                      })
                    }
                  >
                    Remove
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    disabled={assign.isPending}
                    onClick={() =>
                      assign.mutate(
                        { instanceId: instance.id, email: member!.email, role: 'user' },
                        { onSuccess: () => toast.success(`${member!.name} assigned to ${instance.name}`), onError: (e) => toast.error(`Failed to assign user to instance: ${serverMessage(e)}`) },
                      )
                    }
                  >
                    Assign
                  </Button>
                )}
              </li>
            );
          })}
          {instances.length === 0 ? <li className="px-3 py-6 text-center text-sm text-muted-foreground">No instances yet.</li> : null}
        </ul>
      </Modal>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} pending={unassign.isPending} />
    </>
  );
}
