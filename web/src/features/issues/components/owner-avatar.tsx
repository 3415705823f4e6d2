import { UserAvatar } from '../../../components/ui/avatar';
import { Tip } from '../../../components/ui/tip';

/** The owner as an avatar (10 hashed colours, initials from the e-mail); the e-mail shows on hover. */
export function OwnerAvatar({ email }: { email: string }) {
  return (
    <Tip content={email} side="left" sideOffset={6}>
      <span className="inline-flex">
        <UserAvatar email={email} size="md" label={email} />
      </span>
    </Tip>
  );
}
