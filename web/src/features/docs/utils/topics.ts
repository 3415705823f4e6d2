// The documentation's topics (spec 2 §2.7): the searchable left list. Content is markdown rendered
// at build time (web/markdown-plugin.ts) and loaded per topic.

export type DocContent = { html: string; headings: { id: string; text: string; depth: number }[] };

export interface DocTopic {
  id: string;
  title: string;
  description: string;
  searchTerms: string[];
  path: string;
  /** Markdown topics load their content; the API reference renders the generated document. */
  load?: () => Promise<{ default: DocContent }>;
}

export const DOC_TOPICS: readonly DocTopic[] = [
  { id: 'overview', title: 'Overview', description: 'What Quality Desk is and how it fits together.', searchTerms: ['introduction', 'organizations', 'instances', 'datasets', 'deployment'], path: '/docs', load: () => import('../content/overview.md') },
  { id: 'quick-start', title: 'Quick start', description: 'Run it, sign in to the demo, fix your first rows.', searchTerms: ['install', 'npm start', 'demo', 'getting started'], path: '/docs/quick-start', load: () => import('../content/quick-start.md') },
  { id: 'user-guide', title: 'User guide', description: 'The Issues screen, AI suggestions and credits.', searchTerms: ['issues', 'resolve', 'mute', 'bulk', 'keyboard', 'shortcuts', 'export', 'credits', 'ai'], path: '/docs/user-guide', load: () => import('../content/user-guide.md') },
  { id: 'admin-guide', title: 'Admin guide', description: 'Datasets, checks, scans, roles, plans and deployment options.', searchTerms: ['checks', 'scan', 'csv', 'import', 'soda', 'great expectations', 'cloud', 'private cloud', 'standalone', 'cdk'], path: '/docs/admin-guide', load: () => import('../content/admin-guide.md') },
  { id: 'org-admin-guide', title: 'Organization admin guide', description: 'Members, instances, plans and security for organization administrators.', searchTerms: ['members', 'roles', 'account owner', 'instances', 'billing'], path: '/docs/ORGANIZATION_ADMIN_GUIDE.md', load: () => import('../content/org-admin-guide.md') },
  { id: 'agent-protocol', title: 'Agent connector', description: 'Checks that run in your own network: the agent protocol 1.0 and the reference agent.', searchTerms: ['soda agent', 'agent protocol', 'reference agent', 'zero-copy', 'byok', 'encryption', 'kms'], path: '/docs/agent-protocol', load: () => import('../content/agent-protocol.md') },
  { id: 'api-reference', title: 'API reference', description: 'Every endpoint, generated from the route table and its schemas.', searchTerms: ['openapi', 'rest', 'endpoints', 'http', 'json'], path: '/docs/api' },
  { id: 'compliance', title: 'Compliance', description: 'Tenant isolation, identity and data handling.', searchTerms: ['security', 'privacy', 'isolation', 'gdpr', 'tokens'], path: '/docs/compliance', load: () => import('../content/compliance.md') },
  { id: 'releases', title: 'Release notes', description: 'What changed in each release.', searchTerms: ['changelog', 'versions', 'whats new'], path: '/docs/releases', load: () => import('../../../../../CHANGELOG.md') },
];

/** Topics whose title, description or search terms contain the query, case-insensitively. */
export function searchTopics(topics: readonly DocTopic[], query: string): DocTopic[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...topics];
  return topics.filter((t) => [t.title, t.description, ...t.searchTerms].some((text) => text.toLowerCase().includes(q)));
}

export function topicForPath(pathname: string): DocTopic | undefined {
  return DOC_TOPICS.find((t) => t.path === pathname);
}
