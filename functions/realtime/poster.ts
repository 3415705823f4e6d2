import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { getConfig } from '../config';

// Delivers one message to one connection. Deployed: the API Gateway Management API
// (PostToConnection on the WebSocket API's stage, WEBSOCKET_ENDPOINT). Locally: the `ws` server
// of scripts/local/realtime-server.ts, which runs in the same process as the handlers and
// registers itself here.

export type PostOutcome = 'delivered' | 'gone';

export interface ConnectionPoster {
  post(connectionId: string, payload: string): Promise<PostOutcome>;
}

let localPoster: ConnectionPoster | undefined;

/** The local WebSocket server registers its sockets' poster (scripts/local only). */
export function registerLocalPoster(poster: ConnectionPoster | undefined): void {
  localPoster = poster;
}

let gateway: ConnectionPoster | undefined;

function apiGatewayPoster(endpoint: string, region: string): ConnectionPoster {
  const client = new ApiGatewayManagementApiClient({ endpoint, region });
  return {
    async post(connectionId, payload) {
      try {
        await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(payload) }));
        return 'delivered';
      } catch (error) {
        if (error instanceof GoneException) return 'gone';
        throw error;
      }
    },
  };
}

/** The poster of this environment, or none (no WebSocket endpoint configured: nothing to deliver to). */
export function connectionPoster(): ConnectionPoster | undefined {
  if (localPoster) return localPoster;
  const config = getConfig();
  if (!config.websocketEndpoint) return undefined;
  gateway ??= apiGatewayPoster(config.websocketEndpoint, config.region);
  return gateway;
}
