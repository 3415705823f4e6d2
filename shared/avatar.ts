// Avatar colour and initials (spec 1 §2): 10 colours chosen by a hash of the e-mail.

export const AVATAR_COLORS = [
  'bg-red-600',
  'bg-orange-700', // 700: white initials on orange-600 fail WCAG AA contrast (3.6:1)
  'bg-amber-700',
  'bg-emerald-700',
  'bg-teal-700',
  'bg-cyan-700',
  'bg-blue-600',
  'bg-indigo-600',
  'bg-violet-600',
  'bg-pink-600',
] as const;

/** A stable, non-negative 32-bit hash of a string (djb2). */
export function hashString(value: string): number {
  let hash = 5381;
  for (let i = 0; i < value.length; i++) hash = ((hash << 5) + hash + value.charCodeAt(i)) | 0;
  return Math.abs(hash);
}

export function avatarColorIndex(email: string): number {
  return hashString(email.trim().toLowerCase()) % AVATAR_COLORS.length;
}

export function avatarInitials(name: string | undefined | null, email: string): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0]![0]! + words[words.length - 1]![0]!).toUpperCase();
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  const local = email.split('@')[0] ?? '';
  const parts = local.split(/[._-]+/).filter(Boolean);
  if (parts.length >= 2) return (parts[0]![0]! + parts[1]![0]!).toUpperCase();
  return local.slice(0, 2).toUpperCase() || '?';
}
