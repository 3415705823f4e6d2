import { DOC_TOPICS, searchTopics, topicForPath } from './topics';

describe('docs search', () => {
  it('lists the spec topics', () => {
    expect(DOC_TOPICS.map((t) => t.id)).toEqual(expect.arrayContaining(['overview', 'user-guide', 'admin-guide', 'api-reference', 'releases', 'org-admin-guide']));
  });

  it.each([
    ['API', ['api-reference']],
    ['openapi', ['api-reference']],
    ['KEYBOARD', ['user-guide']],
    ['deployment options', ['admin-guide']],
    ['changelog', ['releases']],
  ])('finds %s in title, description or search terms, ignoring case', (query, ids) => {
    expect(searchTopics(DOC_TOPICS, query).map((t) => t.id)).toEqual(ids);
  });

  it('lists every topic for an empty query and none for a miss', () => {
    expect(searchTopics(DOC_TOPICS, '  ')).toHaveLength(DOC_TOPICS.length);
    expect(searchTopics(DOC_TOPICS, 'zzz-not-there')).toEqual([]);
  });

  it('maps the spec addresses to topics', () => {
    expect(topicForPath('/docs/ORGANIZATION_ADMIN_GUIDE.md')?.id).toBe('org-admin-guide');
    expect(topicForPath('/docs/api')?.id).toBe('api-reference');
    expect(topicForPath('/docs')?.id).toBe('overview');
  });
});
