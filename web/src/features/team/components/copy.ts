/** Copies text; when the Clipboard API is refused, falls back to the legacy copy command (spec 2 §4). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try {
      return document.execCommand('copy');
    } finally {
      area.remove();
    }
  }
}

/** The absolute link of an invite path (/invite/{code}). */
export function absoluteLink(path: string): string {
  return new URL(path, window.location.origin).toString();
}
