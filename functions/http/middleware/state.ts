import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Route } from '../../routes';
import type { VerifiedIdentity } from '../../adapters/identity/token-verifier';
import type { Caller } from '../../domain/tenancy/caller';
import type { InstanceRecord } from '../../domain/tenancy/records';

/** What the middleware chain learns about a request, handed to the route's use case. */
export interface RequestState {
  route: Route;
  requestId: string;
  body: unknown;
  identity?: VerifiedIdentity;
  caller?: Caller;
  instance?: InstanceRecord;
}

export type HttpEvent = APIGatewayProxyEventV2 & { qd: RequestState };

export function header(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(event.headers ?? {})) if (k.toLowerCase() === wanted) return v;
  return undefined;
}

export function cookie(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const all = [...(event.cookies ?? []), ...(header(event, 'cookie')?.split(';') ?? [])];
  for (const c of all) {
    const [k, ...rest] = c.trim().split('=');
    if (k !== name) continue;
    const value = rest.join('=');
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined; // a malformed percent-encoding is no cookie we set
    }
  }
  return undefined;
}
