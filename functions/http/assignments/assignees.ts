import { assigneesResponseSchema, type AssigneesResponse } from '../../../shared/schemas/assignments';
import { datasetParamsSchema } from '../../../shared/schemas/issues';
import { isSuperAdminRole } from '../../../shared/roles';
import { teamRepository } from '../../adapters/dynamodb/team-repository';
import { displayName } from '../../domain/tenancy/caller';
import { defineRoute, requireInstance } from '../define-route';

// GET /api/{dataset}/assignees: the members rows of this instance can be assigned to (issue 13 §4):
// the organization's admins and the members assigned to the instance.
export const handler = defineRoute({ params: datasetParamsSchema }, async (input) => {
  const instance = requireInstance(input);
  const [members, assignments] = await Promise.all([teamRepository.listMembers(instance.organizationId), teamRepository.listAssignments(instance.organizationId, instance.id)]);
  const assigned = new Set(assignments.map((a) => a.email));
  const body: AssigneesResponse = {
    success: true,
    assignees: members
      .filter((m) => m.isOrgAdmin || isSuperAdminRole(m.role) || assigned.has(m.email))
      .map((m) => ({ email: m.email, name: displayName(m) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
  return { body: assigneesResponseSchema.parse(body) };
});
