import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { getConfig } from '../../config';
import { teamRepository } from '../../adapters/dynamodb/team-repository';
import { cognitoAdmin } from '../../adapters/identity/cognito-admin';
import { mailSender } from '../../adapters/mail/mail-sender';
import type { InviteDeps } from '../../domain/team/invites';
import { systemClock } from '../../lib/clock';
import { header } from '../middleware/state';

// The adapters the team routes' use cases run with.

export const store = teamRepository;
export const clock = systemClock;
export const identity = cognitoAdmin;

/** The web app's base URL for links in e-mails: APP_URL, else the calling page's origin. */
export function appUrl(event: APIGatewayProxyEventV2): string {
  const configured = getConfig().appUrl;
  if (configured) return configured;
  const origin = header(event, 'origin');
  if (origin && /^https?:\/\/[^/\s]{1,253}$/.test(origin)) return origin;
  const host = header(event, 'host') ?? 'localhost';
  return `${getConfig().local ? 'http' : 'https'}://${host}`;
}

export function inviteDeps(event: APIGatewayProxyEventV2): InviteDeps {
  return { store, clock, mail: mailSender(), appUrl: appUrl(event) };
}
