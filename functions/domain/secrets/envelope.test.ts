import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LocalKeyFile } from '../../adapters/kms/local-key-file';
import { EnvelopeError, maskedHint, open, seal, type Envelope } from './envelope';

const context = { organizationId: 'org_a', purpose: 'soda-agent-api-key' };
const secret = 'sk_live_0123456789abcdefghijklmnopqrstuvwxyz';

function keyFile() {
  const dir = mkdtempSync(path.join(tmpdir(), 'qd-kms-'));
  return new LocalKeyFile(path.join(dir, 'nested', 'local-kms.key'));
}

/** Flips one bit of a base64 field. */
function flip(envelope: Envelope, field: 'ciphertext' | 'tag' | 'iv' | 'wrappedKey'): Envelope {
  const bytes = Buffer.from(envelope[field], 'base64');
  bytes[bytes.length - 1]! ^= 0x01;
  return { ...envelope, [field]: bytes.toString('base64') };
}

describe('envelope encryption', () => {
  it('opens what it sealed, and the stored form holds no plaintext', async () => {
    const wrapper = keyFile();
    const envelope = await seal(wrapper, secret, context);
    expect(envelope).toMatchObject({ v: 1, alg: 'AES-256-GCM', provider: 'local' });
    expect(JSON.stringify(envelope)).not.toContain(secret.slice(8));
    expect(await open(wrapper, envelope, context)).toBe(secret);
  });

  it('uses a fresh data key and IV for every seal', async () => {
    const wrapper = keyFile();
    const [a, b] = [await seal(wrapper, secret, context), await seal(wrapper, secret, context)];
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(a.wrappedKey).not.toBe(b.wrappedKey);
    expect(a.iv).not.toBe(b.iv);
  });

  it.each(['ciphertext', 'tag', 'iv', 'wrappedKey'] as const)('refuses an envelope whose %s was changed', async (field) => {
    const wrapper = keyFile();
    const envelope = await seal(wrapper, secret, context);
    await expect(open(wrapper, flip(envelope, field), context)).rejects.toBeInstanceOf(EnvelopeError);
  });

  it('refuses an envelope opened for another organization or field', async () => {
    const wrapper = keyFile();
    const envelope = await seal(wrapper, secret, context);
    await expect(open(wrapper, envelope, { ...context, organizationId: 'org_b' })).rejects.toThrow(EnvelopeError);
    await expect(open(wrapper, envelope, { ...context, purpose: 'other' })).rejects.toThrow(EnvelopeError);
  });

  it('refuses an envelope sealed under another key file, and one that is not an envelope', async () => {
    const envelope = await seal(keyFile(), secret, context);
    await expect(open(keyFile(), envelope, context)).rejects.toThrow(/another local key/);
    await expect(open(keyFile(), { v: 2 }, context)).rejects.toThrow(/not a sealed secret/);
  });

  it('keeps the key file private and reuses it across instances', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'qd-kms-'));
    const file = path.join(dir, 'local-kms.key');
    const envelope = await seal(new LocalKeyFile(file), secret, context);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(await open(new LocalKeyFile(file), envelope, context)).toBe(secret);
  });

  it('masks a secret to its last four characters', () => {
    expect(maskedHint(secret)).toBe('••••wxyz');
  });
});
