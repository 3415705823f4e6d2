import type { InstanceType, OrganizationType, Subscription, WarehouseType } from '../../../shared/constants';
import type { Role } from '../../../shared/roles';

// The demo configuration (spec 2 §3 Demo config): organizations with users of every role, their
// password types and passwords, and the instances each organization runs. The seed writes it to
// Cognito and DynamoDB; GET /api/auth/demo-config reports it in demo mode.

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  title: string;
  passwordType: 'admin' | 'demo' | 'customer';
  isOrgAdmin: boolean;
  /** Instances assigned to a member who is not an org admin (org admins see every instance). */
  instances: string[];
}

export interface DemoInstance {
  id: string;
  name: string;
  type: InstanceType;
  warehouseType: WarehouseType;
  description: string;
}

export interface DemoOrganization {
  id: string;
  name: string;
  type: OrganizationType;
  domain: string;
  subscription: Subscription;
  users: DemoUser[];
  instances: DemoInstance[];
}

/** Passwords by password type; they satisfy the user pool's password policy. */
export const DEMO_PASSWORDS: Record<DemoUser['passwordType'], string> = {
  admin: 'Admin#Quality2026',
  demo: 'Demo#Quality2026',
  customer: 'Customer#Quality2026',
};

export const DEMO_ORGANIZATIONS: DemoOrganization[] = [
  {
    id: 'org_soda_internal',
    name: 'Quality Desk Internal',
    type: 'internal',
    domain: 'qualitydesk.dev',
    subscription: 'enterprise',
    instances: [
      { id: 'inst_internal_prod', name: 'Internal Production', type: 'production', warehouseType: 'snowflake', description: 'Live data of the internal analytics platform' },
      { id: 'inst_internal_staging', name: 'Internal Staging', type: 'staging', warehouseType: 'snowflake', description: 'Release candidates checked before production' },
    ],
    users: [
      { email: 'provider.admin@qualitydesk.dev', firstName: 'Priya', lastName: 'Raman', role: 'provider_admin', title: 'Provider Administrator', passwordType: 'admin', isOrgAdmin: true, instances: [] },
      { email: 'super.admin@qualitydesk.dev', firstName: 'Samuel', lastName: 'Okafor', role: 'super_admin', title: 'Platform Super Admin', passwordType: 'admin', isOrgAdmin: true, instances: [] },
      { email: 'steward@qualitydesk.dev', firstName: 'Lena', lastName: 'Fischer', role: 'user', title: 'Data Steward', passwordType: 'demo', isOrgAdmin: false, instances: ['inst_internal_staging'] },
    ],
  },
  {
    id: 'org_demo',
    name: 'Demo Corp',
    type: 'demo',
    domain: 'democorp.example',
    subscription: 'professional',
    instances: [
      { id: 'inst_demo_prod', name: 'Production', type: 'production', warehouseType: 'bigquery', description: 'Customer-facing CRM and catalog data' },
      { id: 'inst_demo_dev', name: 'Development', type: 'development', warehouseType: 'mock', description: 'Sandbox for new pipelines' },
      { id: 'inst_demo_sales', name: 'Sales Operations', type: 'business_unit', warehouseType: 'redshift', description: 'Pipeline and forecasting data of the sales team' },
    ],
    users: [
      { email: 'owner@democorp.example', firstName: 'Olivia', lastName: 'Chen', role: 'account_owner', title: 'Head of Data', passwordType: 'demo', isOrgAdmin: true, instances: [] },
      { email: 'admin@democorp.example', firstName: 'Marcus', lastName: 'Webb', role: 'admin', title: 'Data Platform Lead', passwordType: 'demo', isOrgAdmin: true, instances: [] },
      { email: 'analyst@democorp.example', firstName: 'Ana', lastName: 'Souza', role: 'user', title: 'Data Analyst', passwordType: 'demo', isOrgAdmin: false, instances: ['inst_demo_prod', 'inst_demo_sales'] },
      { email: 'engineer@democorp.example', firstName: 'Tom', lastName: 'Becker', role: 'user', title: 'Analytics Engineer', passwordType: 'demo', isOrgAdmin: false, instances: ['inst_demo_dev'] },
    ],
  },
  {
    id: 'org_northwind',
    name: 'Northwind Traders',
    type: 'admin',
    domain: 'northwind.example',
    subscription: 'free',
    instances: [
      { id: 'inst_northwind_prod', name: 'Northwind Production', type: 'production', warehouseType: 'databricks', description: 'Orders, customers and products' },
      { id: 'inst_northwind_test', name: 'Northwind Testing', type: 'testing', warehouseType: 'mock', description: 'Test copies for the data team' },
    ],
    users: [
      // The Free organization's account owner (billing permission): the one who starts a Teams trial.
      { email: 'owner@northwind.example', firstName: 'Elena', lastName: 'Ruiz', role: 'account_owner', title: 'Operations Director', passwordType: 'customer', isOrgAdmin: false, instances: ['inst_northwind_prod'] },
      { email: 'admin@northwind.example', firstName: 'Noah', lastName: 'Patel', role: 'admin', title: 'IT Manager', passwordType: 'customer', isOrgAdmin: true, instances: [] },
      { email: 'user@northwind.example', firstName: 'Mia', lastName: 'Johnson', role: 'user', title: 'Operations Analyst', passwordType: 'customer', isOrgAdmin: false, instances: ['inst_northwind_prod'] },
    ],
  },
];

export function findDemoUser(email: string): DemoUser | undefined {
  for (const org of DEMO_ORGANIZATIONS) {
    const user = org.users.find((u) => u.email === email);
    if (user) return user;
  }
  return undefined;
}
