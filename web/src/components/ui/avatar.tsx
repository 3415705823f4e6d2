import { AVATAR_COLORS, avatarColorIndex, avatarInitials } from '../../../../shared/avatar';
import { cn } from '../../utils/cn';

const sizes = {
  sm: 'size-6 text-[10px]',
  md: 'size-8 text-xs',
  lg: 'size-12 text-base',
} as const;

export type AvatarSize = keyof typeof sizes;

/**
 * A user's initials on one of 10 colours chosen by a hash of the e-mail (spec 1 §2). Decorative
 * by default: the name is expected next to it; pass `label` when it stands alone.
 */
export function UserAvatar({
  email,
  name,
  size = 'md',
  label,
  className,
}: {
  email: string;
  name?: string | null;
  size?: AvatarSize;
  label?: string;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold text-white',
        AVATAR_COLORS[avatarColorIndex(email)],
        sizes[size],
        className,
      )}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {avatarInitials(name, email)}
    </span>
  );
}
