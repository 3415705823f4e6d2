// Display formats shared by several screens (en-US, as the spec shows figures).

const integer = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return integer.format(value);
}

/** A timestamp as a short local date and time, or "Never" when there is none. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Seconds of uptime as days, hours and minutes (spec 2 §2.3 System). */
export function formatUptime(totalSeconds: number): string {
  const minutesTotal = Math.max(0, Math.floor(totalSeconds / 60));
  const days = Math.floor(minutesTotal / (60 * 24));
  const hours = Math.floor((minutesTotal % (60 * 24)) / 60);
  const minutes = minutesTotal % 60;
  return `${days}d ${hours}h ${minutes}m`;
}

/** Bytes as megabytes with one decimal (spec 2 §2.3 System). */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
