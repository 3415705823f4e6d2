import { profileUpdateSchema } from '../../../shared/schemas/session';
import { tenancyRepository } from '../../adapters/dynamodb/tenancy-repository';
import { toUser } from '../../domain/tenancy/caller';
import { defineRoute, requireCaller } from '../define-route';

// The e-mail cannot be changed (spec 2 §5 Profile); the schema is strict, so sending it is a 400.
export const handler = defineRoute({ body: profileUpdateSchema }, async (input) => {
  const caller = requireCaller(input);
  const member = await tenancyRepository.updateMemberProfile(caller.organization.id, caller.email, {
    firstName: input.body.first_name,
    lastName: input.body.last_name,
    title: input.body.title,
  });
  return { body: { success: true, user: toUser(member, caller.organization) } };
});
