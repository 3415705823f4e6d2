import { STORAGE_KEYS } from '../../../shared/constants';
import { meResponseSchema } from '../../../shared/schemas/session';
import { makeUser } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { ApiError, apiRequest, subscribeToAuthEvents } from './api-client';

describe('apiRequest', () => {
  it('sends the JSON content type, the bearer token and the current instance', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, 'tok');
    window.localStorage.setItem(STORAGE_KEYS.currentInstanceId, 'inst_1');
    const api = mockApi({ 'GET /api/users/me': { body: { success: true, user: makeUser() } } });

    await apiRequest('/users/me', { schema: meResponseSchema });

    const headers = api.requests[0]!.headers;
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('x-instance-id')).toBe('inst_1');
  });

  it('refreshes once on 401 and retries the call with the new token', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, 'old');
    const user = makeUser();
    const api = mockApi({
      'GET /api/users/me': (request) =>
        request.headers.get('Authorization') === 'Bearer fresh'
          ? { body: { success: true, user } }
          : { status: 401, body: { success: false, error: 'Token expired' } },
      'POST /api/auth/refresh': { body: { success: true, token: 'fresh', user } },
    });

    const response = await apiRequest('/users/me', { schema: meResponseSchema });

    expect(response.user.email).toBe(user.email);
    expect(api.calls('POST /api/auth/refresh')).toHaveLength(1);
    expect(api.calls('GET /api/users/me')).toHaveLength(2);
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('fresh');
  });

  it('announces an expired session when the refresh fails, and throws a typed error', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, 'old');
    mockApi({
      'GET /api/users/me': { status: 401, body: { success: false, error: 'Token expired' } },
      'POST /api/auth/refresh': { status: 401, body: { success: false, error: 'No session' } },
    });
    const events: string[] = [];
    const unsubscribe = subscribeToAuthEvents((event) => events.push(event.type));

    const failure = await apiRequest('/users/me', { schema: meResponseSchema }).catch((error: unknown) => error);
    unsubscribe();

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, serverError: 'Token expired' });
    expect(events).toEqual(['expired']);
  });
});
