import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import * as z from 'zod';

// Envelope encryption of customer secrets (issue 14 §4; spec 2 §2.3 System: AES-256-GCM). Each
// secret is sealed with its own 256-bit data key; the data key itself is stored only wrapped by a
// key-encryption key (KMS in AWS — the stage key or the organization's own key (BYOK) — or the
// local key file). The encryption context (organization and purpose) is bound twice: as the GCM
// additional data of the secret and as KMS's encryption context of the data key, so an envelope
// copied to another organization or field does not open.

export const ENVELOPE_ALGORITHM = 'AES-256-GCM';
/** Spec 2 §9: keys rotate every 90 days. */
export const KEY_ROTATION_DAYS = 90;

/** Which organization and field a secret belongs to; part of what is authenticated. */
export type EncryptionContext = Readonly<Record<string, string>>;

/** A freshly generated data key: its plaintext (used once, then dropped) and its wrapped form. */
export interface DataKey {
  plaintext: Buffer;
  wrapped: Buffer;
  /** The key-encryption key that wrapped it (a KMS key ARN, or local:<fingerprint>). */
  keyId: string;
}

/** The port to the key-encryption key: KMS (stage key or BYOK) or the local key file. */
export interface KeyWrapper {
  readonly provider: 'aws-kms' | 'local';
  generateDataKey(context: EncryptionContext): Promise<DataKey>;
  unwrapDataKey(wrapped: Buffer, keyId: string, context: EncryptionContext): Promise<Buffer>;
}

const b64 = z.string().max(8192).regex(/^[A-Za-z0-9+/]*={0,2}$/);

/** What is stored: one JSON object, the same shape in AWS and locally. */
export const envelopeSchema = z.object({
  v: z.literal(1),
  alg: z.literal(ENVELOPE_ALGORITHM),
  provider: z.enum(['aws-kms', 'local']),
  keyId: z.string().min(1).max(2048),
  wrappedKey: b64,
  iv: b64,
  tag: b64,
  ciphertext: b64,
  sealedAt: z.string().max(40),
});
export type Envelope = z.infer<typeof envelopeSchema>;

export class EnvelopeError extends Error {
  override name = 'EnvelopeError';
}

/** The context as GCM additional data: sorted, so the same context always gives the same bytes. */
function aad(context: EncryptionContext): Buffer {
  const sorted = Object.keys(context)
    .sort()
    .map((k) => [k, context[k]]);
  return Buffer.from(JSON.stringify(sorted), 'utf8');
}

export async function seal(wrapper: KeyWrapper, plaintext: string, context: EncryptionContext, now = new Date()): Promise<Envelope> {
  const dataKey = await wrapper.generateDataKey(context);
  try {
    if (dataKey.plaintext.length !== 32) throw new EnvelopeError('the data key must be 256 bits');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', dataKey.plaintext, iv);
    cipher.setAAD(aad(context));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return {
      v: 1,
      alg: ENVELOPE_ALGORITHM,
      provider: wrapper.provider,
      keyId: dataKey.keyId,
      wrappedKey: dataKey.wrapped.toString('base64'),
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      ciphertext: ciphertext.toString('base64'),
      sealedAt: now.toISOString(),
    };
  } finally {
    dataKey.plaintext.fill(0);
  }
}

/** Opens an envelope; any change to it (or a different context) fails with EnvelopeError. */
export async function open(wrapper: KeyWrapper, stored: unknown, context: EncryptionContext): Promise<string> {
  const parsed = envelopeSchema.safeParse(stored);
  if (!parsed.success) throw new EnvelopeError('not a sealed secret');
  const envelope = parsed.data;
  if (envelope.provider !== wrapper.provider) throw new EnvelopeError(`the secret was sealed by ${envelope.provider}, not ${wrapper.provider}`);
  let key: Buffer;
  try {
    key = await wrapper.unwrapDataKey(Buffer.from(envelope.wrappedKey, 'base64'), envelope.keyId, context);
  } catch (error) {
    throw new EnvelopeError(`the data key could not be unwrapped: ${(error as Error).message}`);
  }
  try {
    const iv = Buffer.from(envelope.iv, 'base64');
    const tag = Buffer.from(envelope.tag, 'base64');
    if (iv.length !== 12 || tag.length !== 16) throw new EnvelopeError('the envelope is damaged');
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(aad(context));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(envelope.ciphertext, 'base64')), decipher.final()]).toString('utf8');
  } catch (error) {
    if (error instanceof EnvelopeError) throw error;
    throw new EnvelopeError('the secret failed authentication (tampered or wrong context)');
  } finally {
    key.fill(0);
  }
}

/** Wraps a data key with a 256-bit key-encryption key held in memory (the local key file's format). */
export function wrapWithKey(kek: Buffer, dataKey: Buffer, context: EncryptionContext): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', kek, iv);
  cipher.setAAD(aad(context));
  const body = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function unwrapWithKey(kek: Buffer, wrapped: Buffer, context: EncryptionContext): Buffer {
  if (wrapped.length < 12 + 16 + 1) throw new EnvelopeError('the wrapped key is damaged');
  const decipher = createDecipheriv('aes-256-gcm', kek, wrapped.subarray(0, 12));
  decipher.setAAD(aad(context));
  decipher.setAuthTag(wrapped.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(wrapped.subarray(28)), decipher.final()]);
  } catch {
    throw new EnvelopeError('the wrapped key failed authentication');
  }
}

/** A masked hint of a secret for display: never more than its last 4 characters. */
export function maskedHint(secret: string): string {
  return `••••${secret.slice(-4)}`;
}
