import { describe, expect, it } from 'vitest';
import { effectiveInviteStatus, inAcceptedDomains, slugFromName } from './invites';

describe('invite status', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it.each([
    ['pending', '2026-03-01T12:00:01Z', 'pending'],
    ['pending', '2026-03-01T12:00:00Z', 'expired'],
    ['pending', '2026-02-28T00:00:00Z', 'expired'],
    ['accepted', '2026-02-28T00:00:00Z', 'accepted'],
    ['revoked', '2026-02-28T00:00:00Z', 'revoked'],
  ] as const)('a %s invite expiring %s reads %s', (status, expires_at, expected) => {
    expect(effectiveInviteStatus({ status, expires_at }, now)).toBe(expected);
  });
});

describe('organization slug', () => {
  it.each([
    ['Acme Corp', 'acme_corp'],
    ['  Müller & Söhne GmbH!! ', 'm_ller_s_hne_gmbh'],
    ['__Data--Team__', 'data_team'],
    ['', ''],
  ])('derives %j as %j', (name, slug) => expect(slugFromName(name)).toBe(slug));
});

describe('accepted domains', () => {
  it.each([
    ['a@democorp.example', true],
    ['a@EU.DemoCorp.example', true],
    ['a@notdemocorp.example', false],
    ['a@democorp.example.evil', false],
  ])('%s is inside: %s', (email, inside) => expect(inAcceptedDomains(email, ['democorp.example'])).toBe(inside));
});
