import {
  defaultMatch,
  MAX_USE_CASES,
  NO_ACTIVE_USE_CASES,
  SEEDED_USE_CASES,
  type CreateUseCaseRequest,
  type UpdateUseCaseRequest,
  type UseCase,
  type UseCasePriority,
  type UseCaseMatch,
} from '../../../shared/use-cases';
import { Conflict, NotFound, ValidationFailed } from '../errors';
import type { UseCaseStore } from './use-case-store';

// The use cases of an organization (spec 2 §2.3 Tagging, §4 toggling, §5 add; issue 13 item 6).

export const USE_CASE_NOT_FOUND = 'Use case not found';

export interface UseCaseClock {
  now(): Date;
}

/** The organization's use cases; the seven seeded ones are written the first time anyone asks. */
export async function listUseCases(store: UseCaseStore, organizationId: string, clock: UseCaseClock): Promise<{ useCases: UseCase[]; activeCount: number; message?: string }> {
  const at = clock.now().toISOString();
  await store.seedOnce(organizationId, SEEDED_USE_CASES.map((u) => ({ ...u, match: { ...u.match }, createdAt: at, updatedAt: at })));
  const useCases = (await store.list(organizationId)).sort(byPriorityThenName);
  const activeCount = useCases.filter((u) => u.enabled).length;
  return { useCases, activeCount, ...(activeCount === 0 ? { message: NO_ACTIVE_USE_CASES } : {}) };
}

/**
 * The use cases classification reads, without writing: before the organization's use cases were
 * ever listed (and so seeded), the seeded ones as they would be written.
 */
export async function readUseCases(store: UseCaseStore, organizationId: string, clock: UseCaseClock): Promise<UseCase[]> {
  if (await store.wasSeeded(organizationId)) return (await store.list(organizationId)).sort(byPriorityThenName);
  const at = clock.now().toISOString();
  return SEEDED_USE_CASES.map((u) => ({ ...u, match: { ...u.match }, createdAt: at, updatedAt: at })).sort(byPriorityThenName);
}

export const NOT_AN_ENABLED_USE_CASE = 'must be an enabled use case of your organization';

/** An enabled use case of the organization, for the Impact filter (issue 13 §6); 400 naming `field` otherwise. */
export async function requireEnabledUseCase(store: UseCaseStore, organizationId: string, id: string, clock: UseCaseClock, field = 'query.impact'): Promise<UseCase> {
  const useCase = (await readUseCases(store, organizationId, clock)).find((u) => u.id === id && u.enabled);
  if (!useCase) throw new ValidationFailed(`impact ${NOT_AN_ENABLED_USE_CASE}`, [{ field, message: NOT_AN_ENABLED_USE_CASE }]);
  return useCase;
}

const RANK: Record<UseCasePriority, number> = { critical: 0, high: 1, medium: 2, low: 3 };
function byPriorityThenName(a: UseCase, b: UseCase): number {
  return RANK[a.priority] - RANK[b.priority] || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}

/** A custom use case: enabled, medium unless said otherwise, with a timestamp-based id (spec 2 §2.3). */
export async function createUseCase(store: UseCaseStore, organizationId: string, request: CreateUseCaseRequest & { priority: UseCasePriority }, clock: UseCaseClock): Promise<UseCase> {
  const existing = (await listUseCases(store, organizationId, clock)).useCases;
  if (existing.length >= MAX_USE_CASES) throw new Conflict(`An organization can have at most ${MAX_USE_CASES} use cases`);
  if (existing.some((u) => u.name.toLowerCase() === request.name.trim().toLowerCase())) {
    throw new ValidationFailed('A use case with this name already exists', [{ field: 'name', message: 'is already used by another use case' }]);
  }
  const now = clock.now();
  const match: UseCaseMatch = request.match ? normalizeMatch(request.match) : defaultMatch(request.name, request.description);
  for (let attempt = 0; attempt < 5; attempt++) {
    const useCase: UseCase = {
      id: `custom-${now.getTime() + attempt}`,
      name: request.name.trim(),
      description: request.description.trim(),
      priority: request.priority,
      enabled: true,
      custom: true,
      match,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    };
    if (await store.create(organizationId, useCase)) return useCase;
  }
  throw new Conflict('Could not create the use case. Please try again.');
}

function normalizeMatch(match: Partial<UseCaseMatch>): UseCaseMatch {
  return { columns: [...new Set(match.columns ?? [])], datasets: [...new Set(match.datasets ?? [])], dimensions: [...new Set(match.dimensions ?? [])] };
}

export async function updateUseCase(store: UseCaseStore, organizationId: string, id: string, request: UpdateUseCaseRequest, clock: UseCaseClock): Promise<UseCase> {
  const current = await store.get(organizationId, id);
  if (!current) throw new NotFound(USE_CASE_NOT_FOUND);
  if (request.name !== undefined) {
    const others = await store.list(organizationId);
    if (others.some((u) => u.id !== id && u.name.toLowerCase() === request.name!.trim().toLowerCase())) {
      throw new ValidationFailed('A use case with this name already exists', [{ field: 'name', message: 'is already used by another use case' }]);
    }
  }
  const changes: Partial<Omit<UseCase, 'id' | 'createdAt' | 'custom'>> = {};
  if (request.name !== undefined) changes.name = request.name.trim();
  if (request.description !== undefined) changes.description = request.description.trim();
  if (request.priority !== undefined) changes.priority = request.priority;
  if (request.enabled !== undefined) changes.enabled = request.enabled;
  if (request.match !== undefined) changes.match = normalizeMatch(request.match);
  const updated = await store.update(organizationId, id, changes, clock.now().toISOString());
  if (!updated) throw new NotFound(USE_CASE_NOT_FOUND);
  return updated;
}

export async function deleteUseCase(store: UseCaseStore, organizationId: string, id: string): Promise<void> {
  if (!(await store.remove(organizationId, id))) throw new NotFound(USE_CASE_NOT_FOUND);
}
