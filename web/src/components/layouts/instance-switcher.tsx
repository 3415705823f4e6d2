import { Building, Check, ChevronDown, TriangleExclamationPoint } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import type { Instance } from '../../../../shared/schemas/session';
import { useInstances } from '../../lib/instances';
import { useCurrentUser } from '../../lib/session';
import { cn } from '../../utils/cn';
import { InstanceTypeBadge } from '../instance-type-badge';
import { Badge } from '../ui/badge';
import { buttonClasses } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { menuContentClasses, menuItemClasses, menuLabelClasses, menuSeparatorClasses } from '../ui/menu';

/** Instances grouped by organization, in the order the server listed them. */
function groupByOrganization(instances: readonly Instance[]): [string, Instance[]][] {
  const groups = new Map<string, Instance[]>();
  for (const instance of instances) {
    const group = groups.get(instance.organization_name) ?? [];
    group.push(instance);
    groups.set(instance.organization_name, group);
  }
  return [...groups.entries()];
}

/** Organization/instance switcher of the app header (spec 1 §2, spec 2 §2.2). */
export function InstanceSwitcher() {
  const user = useCurrentUser();
  const { status, instances, currentInstance, currentInstanceId, selectInstance, errorMessage } = useInstances();
  const crossOrganization = user.is_org_admin || user.is_super_admin;

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        data-testid="instance-switcher"
        className={cn(buttonClasses('outline', 'sm'), 'h-9 max-w-36 justify-start sm:max-w-72')}
        aria-label={currentInstance ? `Instance: ${currentInstance.name}. Switch instance` : 'Switch instance'}
      >
        {status === 'loading' ? <Spinner /> : <Building className="size-4 text-muted-foreground" aria-hidden />}
        <span className="truncate">
          {currentInstance ? currentInstance.name : status === 'loading' ? 'Loading…' : 'No instance'}
        </span>
        {currentInstance ? (
          <span className="hidden sm:inline-flex">
            <InstanceTypeBadge type={currentInstance.type} />
          </span>
        ) : null}
        <ChevronDown className="size-4 text-muted-foreground" aria-hidden />
      </DropdownMenu.Trigger>
              <DropdownMenu.Content align="start" sideOffset={6} className={cn(menuContentClasses, 'w-80')}>
          {crossOrganization ? (
            <DropdownMenu.Label
              className="mb-1.5 flex items-start gap-2 rounded-lg border border-danger/40 bg-danger-soft px-2.5 py-2 text-xs font-medium text-danger"
            >
              <TriangleExclamationPoint className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span className="flex-1">Super admin mode: you can access data across organizations</span>
              <Badge tone="danger" className="border border-danger/40">
                Super Admin
              </Badge>
            </DropdownMenu.Label>
          ) : null}
          {errorMessage ? <p className="px-2.5 py-2 text-sm text-danger">{errorMessage}</p> : null}
          {status === 'loading' ? (
            <p className="flex items-center gap-2 px-2.5 py-2 text-sm text-muted-foreground">
              <Spinner /> Loading instances…
            </p>
          ) : null}
          {groupByOrganization(instances).map(([organizationName, group], index) => (
            <DropdownMenu.Group key={organizationName}>
              {index > 0 ? <DropdownMenu.Separator className={menuSeparatorClasses} /> : null}
              <DropdownMenu.Label className={menuLabelClasses}>{organizationName}</DropdownMenu.Label>
              <DropdownMenu.RadioGroup value={currentInstanceId ?? ''} onValueChange={selectInstance}>
                {group.map((instance) => (
                  <DropdownMenu.RadioItem key={instance.id} value={instance.id} className={cn(menuItemClasses, 'pl-8')}>
                    <DropdownMenu.ItemIndicator className="absolute left-2.5 inline-flex">
                      <Check className="size-4" aria-hidden />
                    </DropdownMenu.ItemIndicator>
                    <span className="flex min-w-0 flex-1 flex-col">
                      <span className="truncate font-medium">{instance.name}</span>
                      {instance.description ? (
                        <span className="truncate text-xs text-muted-foreground">{instance.description}</span>
                      ) : null}
                    </span>
                    <InstanceTypeBadge type={instance.type} />
                  </DropdownMenu.RadioItem>
                ))}
              </DropdownMenu.RadioGroup>
            </DropdownMenu.Group>
          ))}
        </DropdownMenu.Content>
          </DropdownMenu.Root>
  );
}
