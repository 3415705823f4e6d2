import { describe, expect, it } from 'vitest';
import { routeKey, routes } from '../../functions/routes';
import { MalformedPath, matchRoute } from './dispatch';

describe('local dispatch', () => {
  it('finds every route of the table by its own path', () => {
    for (const route of routes) {
      const path = route.path.replace(/\{(\w+)\}/g, 'sample');
      expect(matchRoute(route.method, path)?.route && routeKey(matchRoute(route.method, path)!.route)).toBe(routeKey(route));
    }
  });

  it('answers nothing for an unknown path or method', () => {
    expect(matchRoute('GET', '/api/nope/nope/nope')).toBeUndefined();
    expect(matchRoute('DELETE', '/api/users/me')).toBeUndefined();
  });

  it('refuses a malformed percent-encoding as API Gateway does (400 upstream), and decodes a valid one', () => {
    for (const bad of ['/api/%E0%A4%A/failed_rows', '/api/x/issues/%zz/history', '/api/users/me/%']) {
      expect(() => matchRoute('GET', bad)).toThrow(MalformedPath);
    }
    expect(matchRoute('GET', '/api/a%20b/failed_rows')?.pathParameters).toEqual({ dataset: 'a b' });
  });
});
