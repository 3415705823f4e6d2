// Query keys of the team area: mutations invalidate by these.
export const teamKeys = {
  all: (orgId: string) => ['team', orgId] as const,
  members: (orgId: string) => ['team', orgId, 'members'] as const,
  instances: (orgId: string) => ['team', orgId, 'instances'] as const,
  invites: (orgId: string) => ['team', orgId, 'invites'] as const,
  audit: (orgId: string) => ['team', orgId, 'audit'] as const,
};

export const orgPath = (orgId: string) => `/organizations/${encodeURIComponent(orgId)}`;
