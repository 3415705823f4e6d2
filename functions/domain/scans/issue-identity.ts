import { createHash } from 'node:crypto';

// The id of the failed row a check finds on a record. Derived, not drawn: the same record and
// check always give the same id, so a re-scan (or a re-import) updates the issue it found before
// instead of adding a second one, and two scans racing cannot create duplicates.

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 26 characters of Crockford base32 (the alphabet and length of the ULIDs the seed uses). */
export function issueIdFor(datasetId: string, recordId: string, checkName: string): string {
  const digest = createHash('sha256').update(`${datasetId}\u0000${recordId}\u0000${checkName}`).digest();
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 26) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (out.length === 26) break;
    value &= (1 << bits) - 1;
  }
  return out;
}
