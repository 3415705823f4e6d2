import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

// Reads what the local SMTP server received (.eml files in the stack's mail directory).

export interface ReceivedMail {
  file: string;
  raw: string;
  /** The text with quoted-printable soft breaks and escapes undone. */
  text: string;
  to: string;
  subject: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function mailTo(address: string, dir = inject('mailDir')): ReceivedMail[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = readFileSync(path.join(dir, file), 'utf8');
      const header = raw.split(/\r?\n\r?\n/)[0] ?? '';
      const to = header.match(/^To: (.*)$/im)?.[1]?.trim() ?? '';
      const subject = header.match(/^Subject: (.*)$/im)?.[1]?.trim() ?? '';
      return { file, raw, text: decodeQuotedPrintable(raw), to, subject };
    })
    .filter((m) => m.to.includes(address));
}

/** Waits until `count` messages to the address arrived (SMTP delivery is asynchronous to nothing here, but cheap to wait for). */
export async function waitForMail(address: string, count = 1, timeoutMs = 10_000): Promise<ReceivedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailTo(address);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The invitation code in a message's link. */
export function inviteCodeIn(mail: ReceivedMail): string | undefined {
  return mail.text.match(/\/invite\/([A-Za-z0-9_-]{20,64})/)?.[1];
}
