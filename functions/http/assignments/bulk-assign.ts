import { bulkAssignParamsSchema, bulkAssignRequestSchema } from '../../../shared/schemas/assignments';
import { issuesRepository } from '../../adapters/dynamodb/issues-repository';
import { notificationsRepository } from '../../adapters/dynamodb/notifications-repository';
import { tenancyRepository } from '../../adapters/dynamodb/tenancy-repository';
import { mailSender } from '../../adapters/mail/mail-sender';
import { bulkAssign } from '../../domain/issues/bulk-assign';
import { logger } from '../../lib/logger';
import { systemClock } from '../../lib/clock';
import { defineRoute, requireCaller, requireInstance } from '../define-route';
import { appUrl } from '../team/deps';

// {id} is a dataset id of the x-instance-id instance; who assigned is the signed-in caller.
export const handler = defineRoute({ params: bulkAssignParamsSchema, body: bulkAssignRequestSchema }, async (input) => {
  const instance = requireInstance(input);
  const ref = { organizationId: instance.organizationId, instanceId: instance.id, datasetId: input.params.id };
  const mail = mailSender();
  const body = await bulkAssign(
    {
      issues: issuesRepository,
      members: tenancyRepository,
      notify: (orgId, email, n) => notificationsRepository.add(orgId, email, n),
      // The rows are assigned whatever the mail server does: a failed e-mail is logged, not an error.
      mail: { send: (m) => mail.send(m).catch((error: unknown) => logger.warn('assignment e-mail not sent', { error: String(error) })) },
      appUrl: appUrl(input.event),
    },
    ref,
    { issueIds: input.body.issue_ids, assignee: input.body.assigned_to, ...(input.body.assignment_reason ? { reason: input.body.assignment_reason } : {}) },
    requireCaller(input).email,
    systemClock,
  );
  return { body };
});
