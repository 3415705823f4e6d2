import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { unwrapWithKey, wrapWithKey, type DataKey, type EncryptionContext, type KeyWrapper } from '../../domain/secrets/envelope';

// Locally a key file under .data/ stands in for KMS (ARCHITECTURE §2): 32 random bytes, created
// on first use with owner-only permissions. Envelopes have the same format as in AWS; the key id
// is local:<fingerprint>, so an envelope sealed under another key file is recognised, not misread.

export class LocalKeyFile implements KeyWrapper {
  readonly provider = 'local' as const;
  private key: Buffer | undefined;

  constructor(private readonly path: string) {}

  private load(): Buffer {
    if (this.key) return this.key;
    let hex: string | undefined;
    try {
      hex = readFileSync(this.path, 'utf8').trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (!hex) {
      hex = randomBytes(32).toString('hex');
      mkdirSync(dirname(this.path), { recursive: true });
      // wx: two processes starting together never overwrite each other's key.
      try {
        writeFileSync(this.path, `${hex}\n`, { mode: 0o600, flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        hex = readFileSync(this.path, 'utf8').trim();
      }
    }
    const key = Buffer.from(hex, 'hex');
    if (key.length !== 32) throw new Error(`${this.path} does not hold a 256-bit key`);
    this.key = key;
    return key;
  }

  get keyId(): string {
    return `local:${createHash('sha256').update(this.load()).digest('hex').slice(0, 16)}`;
  }

  /**
   * What System & Security shows of the local key: whether it loads, its id, and when it was
   * written (the file is never rotated, so that is its last rotation). A key file that cannot be
   * read or holds no 256-bit key is reported, never replaced.
   */
  describe(): { usable: true; keyId: string; lastRotation: string } | { usable: false; reason: string } {
    try {
      const keyId = this.keyId;
      return { usable: true, keyId, lastRotation: statSync(this.path).mtime.toISOString() };
    } catch (error) {
      return { usable: false, reason: (error as Error).message };
    }
  }

  async generateDataKey(context: EncryptionContext): Promise<DataKey> {
    const plaintext = randomBytes(32);
    return { plaintext, wrapped: wrapWithKey(this.load(), plaintext, context), keyId: this.keyId };
  }

  async unwrapDataKey(wrapped: Buffer, keyId: string, context: EncryptionContext): Promise<Buffer> {
    if (keyId !== this.keyId) throw new Error(`sealed under another local key (${keyId})`);
    return unwrapWithKey(this.load(), wrapped, context);
  }
}
