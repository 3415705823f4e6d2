import type { DemoConfig, DatasetSummary, Instance, User } from '../../../shared/schemas/session';
import { permissionsFor, type Role } from '../../../shared/roles';

export function makeUser(overrides: Partial<User> = {}): User {
  const role: Role = overrides.role ?? 'user';
  return {
    email: 'ana.lopez@acme.test',
    name: 'Ana Lopez',
    role,
    organization_id: 'org_acme',
    organization_name: 'Acme Corp',
    is_org_admin: false,
    is_super_admin: false,
    first_name: 'Ana',
    last_name: 'Lopez',
    title: 'Data Steward',
    permissions: permissionsFor(role),
    ...overrides,
  };
}

export function makeInstance(overrides: Partial<Instance> = {}): Instance {
  return {
    id: 'inst_prod',
    name: 'Production',
    type: 'production',
    description: 'Main warehouse',
    warehouseType: 'mock',
    organization_id: 'org_acme',
    organization_name: 'Acme Corp',
    userCount: 3,
    datasetCount: 2,
    created_by: 'admin@acme.test',
    status: 'active',
    ...overrides,
  };
}

export function makeDataset(overrides: Partial<DatasetSummary> = {}): DatasetSummary {
  return {
    id: 'opportunities',
    name: 'opportunities',
    onboardingStatus: 'onboarded',
    recordKey: 'opportunity_id',
    totalRecords: 1200,
    totalFailedRows: 42,
    openIssues: 30,
    resolvedIssues: 9,
    mutedIssues: 3,
    lastScanTime: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

export const demoConfig: DemoConfig = {
  success: true,
  passwords: { standard: 'Demo-pass-1', admin: 'Admin-pass-1' },
  organizations: [
    {
      id: 'org_demo',
      name: 'Demo Company',
      type: 'demo',
      users: [
        { email: 'demo.user@demo.test', name: 'Dana User', role: 'user', title: 'Analyst', passwordType: 'standard' },
        { email: 'demo.admin@demo.test', name: 'Dev Admin', role: 'admin', title: 'Data Lead', passwordType: 'admin' },
      ],
    },
    {
      id: 'org_provider',
      name: 'Provider Ops',
      type: 'admin',
      users: [
        { email: 'ops@provider.test', name: 'Olga Ops', role: 'provider_admin', title: 'Platform Admin', passwordType: 'admin' },
      ],
    },
  ],
};
