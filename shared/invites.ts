// Invitation constants and rules (spec 2 §4, §5, §9), shared by the API and the screens.

export const INVITE_TYPES = ['email', 'link'] as const;
export type InviteType = (typeof INVITE_TYPES)[number];
export const INVITE_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];
/** Stored statuses; `expired` is computed at read time from expires_at. */
export type StoredInviteStatus = Exclude<InviteStatus, 'expired'>;

export const INVITE_EXPIRY_HOURS = [1, 6, 24, 72, 168] as const;
export const DEFAULT_INVITE_EXPIRY_HOURS = 24;
export const LINK_INVITE_MAX_USES = 10;
export const INVITE_PASSWORD_MIN = 8;
export const INVITE_MAX_MESSAGE = 1000;
/** Invite modal auto-close, copied indicator, redirect after accepting (spec 2 §9). */
export const INVITE_MODAL_CLOSE_MS = 3500;
export const COPIED_INDICATOR_MS = 2000;
export const INVITE_REDIRECT_MS = 3000;

export function invitePath(code: string): string {
  return `/invite/${code}`;
}

/** The status a reader sees: a pending invite past its expiry is expired. */
export function effectiveInviteStatus(invite: { status: StoredInviteStatus; expires_at: string }, now: Date): InviteStatus {
  if (invite.status === 'pending' && Date.parse(invite.expires_at) <= now.getTime()) return 'expired';
  return invite.status;
}

/**
 * The organization's slug rule (spec 2 §5 Organization create): lowercase, non-alphanumerics
 * replaced by underscores, underscores collapsed, leading and trailing underscores trimmed.
 */
export function slugFromName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
}

/** The domain part of an e-mail, lowercased. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** Whether an e-mail belongs to one of the accepted domains (sub-domains included). */
export function inAcceptedDomains(email: string, domains: readonly string[]): boolean {
  const domain = emailDomain(email);
  return domains.some((d) => domain === d.toLowerCase() || domain.endsWith(`.${d.toLowerCase()}`));
}
