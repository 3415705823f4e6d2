import type { IssueDimension } from '../../../shared/constants';
import type { UseCase } from '../../../shared/use-cases';

// The port of the use case services (issue 13 item 6); DynamoDB implements it, tests use memory.

/** Open rows of a dataset grouped by what classification reads. */
export interface OpenRowGroup {
  column: string;
  dimension: IssueDimension;
  count: number;
}

export interface UseCaseStore {
  /** Writes the seeded use cases unless they were ever written for this organization. */
  seedOnce(organizationId: string, useCases: readonly UseCase[]): Promise<void>;
  wasSeeded(organizationId: string): Promise<boolean>;
  list(organizationId: string): Promise<UseCase[]>;
  get(organizationId: string, id: string): Promise<UseCase | undefined>;
  /** false when the id is taken. */
  create(organizationId: string, useCase: UseCase): Promise<boolean>;
  /** undefined when there is no such use case. */
  update(organizationId: string, id: string, changes: Partial<Omit<UseCase, 'id' | 'createdAt' | 'custom'>>, updatedAt: string): Promise<UseCase | undefined>;
  /** false when there was no such use case. */
  remove(organizationId: string, id: string): Promise<boolean>;
}
