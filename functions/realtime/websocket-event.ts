// The parts of an API Gateway WebSocket event the $connect and $disconnect handlers read (the
// local `ws` server builds the same shape).
export interface WebSocketEvent {
  requestContext: { connectionId: string; routeKey: string; eventType?: string; identity?: { sourceIp?: string } };
  headers?: Record<string, string | undefined>;
  queryStringParameters?: Record<string, string | undefined>;
}

export interface WebSocketResult {
  statusCode: number;
  headers?: Record<string, string>;
  body?: string;
}
