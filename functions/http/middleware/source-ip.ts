/** The address a request came from, as API Gateway (or the local server) saw it; '' when absent. */
export function sourceIpOf(event: { requestContext?: { http?: { sourceIp?: string } } }): string {
  return event.requestContext?.http?.sourceIp?.trim().slice(0, 64) ?? '';
}
