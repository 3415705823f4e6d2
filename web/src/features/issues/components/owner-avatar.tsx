import { Tooltip } from 'radix-ui';
import { UserAvatar } from '../../../components/ui/avatar';
import { tooltipClasses } from './tooltip-classes';

/** The owner as an avatar (10 hashed colours, initials from the e-mail); the e-mail shows on hover. */
export function OwnerAvatar({ email }: { email: string }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <span className="inline-flex">
          <UserAvatar email={email} size="md" label={email} />
        </span>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content side="left" sideOffset={6} className={tooltipClasses}>
          {email}
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
