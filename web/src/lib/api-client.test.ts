import { STORAGE_KEYS } from '../../../shared/constants';
import { meResponseSchema } from '../../../shared/schemas/session';
import { makeUser } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { ApiError, ContractError, NetworkError, apiRequest, errorBodyOf, schemaModule, subscribeToAuthEvents } from './api-client';
import { isUser } from './auth-storage';
import { userSchema } from '../../../shared/schemas/session';

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

  it('checks a success body with a schema given by its loader, which starts with the request', async () => {
    mockApi({ 'GET /api/users/me': { body: { success: true, user: makeUser() } } });
    let loads = 0;
    const loader = () => {
      loads += 1;
      return schemaModule(() => import('../../../shared/schemas/session')).then((m) => m.meResponseSchema);
    };
    const response = await apiRequest('/users/me', { schema: loader });
    expect(response.user.email).toBe(makeUser().email);
    expect(loads).toBe(1);

    mockApi({ 'GET /api/users/me': { body: { success: true, user: { email: 42 } } } });
    await expect(apiRequest('/users/me', { schema: loader })).rejects.toBeInstanceOf(ContractError);
  });

  it('reports a schema that cannot be loaded as a network error, and an error answer without loading it', async () => {
    mockApi({ 'GET /api/users/me': { body: { success: true, user: makeUser() } } });
    await expect(apiRequest('/users/me', { schema: () => Promise.reject(new Error('chunk failed')) })).rejects.toBeInstanceOf(NetworkError);

    mockApi({ 'GET /api/users/me': { status: 403, body: { success: false, error: 'Forbidden', details: [{ field: 'x' }] } } });
    const failure = await apiRequest('/users/me', { schema: () => Promise.reject(new Error('chunk failed')) }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 403, serverError: 'Forbidden', details: [{ field: 'x' }] });
  });
});

describe('hand-written checks agree with the shared schemas', () => {
  it('errorBodyOf reads the error body as errorResponseSchema does', () => {
    expect(errorBodyOf(JSON.stringify({ success: false, error: 'Bad', details: [1] }))).toEqual({ error: 'Bad', details: [1] });
    expect(errorBodyOf(JSON.stringify({ success: true, error: 'Bad' }))).toBeUndefined();
    expect(errorBodyOf(JSON.stringify({ success: false, error: 3 }))).toBeUndefined();
    expect(errorBodyOf('not json')).toBeUndefined();
    expect(errorBodyOf('null')).toBeUndefined();
  });

  it('isUser accepts exactly what userSchema accepts', () => {
    const user = makeUser();
    const variants: unknown[] = [
      user,
      { ...user, instance_id: 'inst_1', access_type: 'emergency' },
      { ...user, role: 'owner' },
      { ...user, permissions: ['read', 'fly'] },
      { ...user, permissions: 'read' },
      { ...user, is_org_admin: 'yes' },
      { ...user, email: undefined },
      { ...user, access_type: 'sso' },
      { ...user, instance_id: 7 },
      null,
      [],
      'user',
    ];
    for (const value of variants) expect(isUser(value), JSON.stringify(value)).toBe(userSchema.safeParse(value).success);
  });
});
