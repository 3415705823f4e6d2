import { describe, expect, it } from 'vitest';
import { routeKey, routes } from '../../functions/routes';
import { matchRoute } from './dispatch';

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
});
