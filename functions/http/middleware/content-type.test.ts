import { describe, expect, it } from 'vitest';
import { UnsupportedMediaType } from '../../domain/errors';
import { assertJsonContentType } from './chain';

// Issue 8 item 4: state-changing requests accept only JSON bodies (a foreign page cannot send
// application/json without a CORS preflight).

describe('assertJsonContentType', () => {
  it.each([
    ['POST', 'application/json', true],
    ['PUT', 'application/json; charset=utf-8', true],
    ['DELETE', 'Application/JSON', true],
    ['POST', undefined, false],
    ['POST', 'application/json', false],
    ['GET', 'text/plain', true],
    ['GET', undefined, false],
  ])('%s with %s (body %s) passes', (method, type, hasBody) => {
    expect(() => assertJsonContentType(method, type, hasBody)).not.toThrow();
  });

  it.each([
    ['POST', 'text/plain', true],
    ['POST', 'text/plain;charset=UTF-8', true],
    ['POST', 'application/x-www-form-urlencoded', true],
    ['PUT', 'multipart/form-data; boundary=x', true],
    ['PATCH', undefined, true],
    ['POST', 'text/plain', false],
    ['DELETE', 'application/jsonp', true],
  ])('%s with %s (body %s) answers 415 naming content-type', (method, type, hasBody) => {
    let error: unknown;
    try {
      assertJsonContentType(method, type, hasBody);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnsupportedMediaType);
    expect((error as UnsupportedMediaType).status).toBe(415);
    expect((error as UnsupportedMediaType).details).toEqual([{ field: 'content-type', message: 'must be application/json' }]);
  });
});
