import type { IdentityBinding } from '../../domain/tenancy/records';

// Where a pool user's member lives (its identity binding: sub → organization and e-mail),
// remembered per container, so that a request reads its member, organization, instance and
// assignment in one round trip instead of reading the binding first (issue 9 item 8).
//
// A hint is never a grant: the member read with it must carry the same `sub`, and the member
// record is read on every request (a removed member, a changed role or a suspended organization
// take effect at once). A binding that has changed since (e-mail change, member removed and
// re-created) leads to no member with this sub; the hint is then forgotten and the binding read
// again before anything is refused. Bounded in size and age so a long-lived container does not
// grow without end.

export const HINT_TTL_MS = 5 * 60_000;
export const MAX_HINTS = 10_000;

export class BindingHints {
  private readonly hints = new Map<string, { binding: IdentityBinding; until: number }>();

  constructor(
    private readonly ttlMs = HINT_TTL_MS,
    private readonly max = MAX_HINTS,
    private readonly now: () => number = Date.now,
  ) {}

  get(sub: string): IdentityBinding | undefined {
    const hint = this.hints.get(sub);
    if (!hint) return undefined;
    if (hint.until <= this.now()) {
      this.hints.delete(sub);
      return undefined;
    }
    return hint.binding;
  }

  set(binding: IdentityBinding): void {
    this.hints.delete(binding.sub);
    this.hints.set(binding.sub, { binding: { sub: binding.sub, organizationId: binding.organizationId, email: binding.email }, until: this.now() + this.ttlMs });
    // A Map iterates in insertion order: the first key is the one remembered longest ago.
    while (this.hints.size > this.max) this.hints.delete(this.hints.keys().next().value!);
  }

  forget(sub: string): void {
    this.hints.delete(sub);
  }

  get size(): number {
    return this.hints.size;
  }
}
