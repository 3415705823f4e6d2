import * as z from 'zod';

// Demo data (spec 2 §3 Demo template, Demo instance config; §7.4): the five templates, the demo
// configuration of an instance, and its deployment with progress.

export const DEMO_TEMPLATE_IDS = ['saas_sales_funnel', 'ecommerce_catalog', 'financial_services', 'healthcare_data', 'manufacturing_supply'] as const;
export type DemoTemplateId = (typeof DEMO_TEMPLATE_IDS)[number];

export const DEMO_INDUSTRIES = ['software', 'retail', 'financial', 'healthcare', 'manufacturing'] as const;
export type DemoIndustry = (typeof DEMO_INDUSTRIES)[number];

export const COMPANY_SIZES = ['small', 'medium', 'large', 'enterprise'] as const;
/** small, medium, large = 1×, 10×, 100× a template's record counts. */
export const DATA_VOLUMES = ['small', 'medium', 'large'] as const;
export type DataVolume = (typeof DATA_VOLUMES)[number];
export const DATA_VOLUME_FACTORS: Record<DataVolume, number> = { small: 1, medium: 10, large: 100 };

export interface DemoTemplate {
  id: DemoTemplateId;
  name: string;
  description: string;
  industry: DemoIndustry;
  /** A lucide icon name. */
  icon: string;
  datasets: { opportunities: number; leads: number } & Record<string, number>;
}

const id = (what: string) => z.string({ error: `must be ${what}` }).trim().min(1, 'must not be empty').max(128, 'must be at most 128 characters');

export const demoInstanceParamsSchema = z.object({ id: id('an instance id') });

export const demoCustomizationSchema = z.object({
  industry: z.enum(DEMO_INDUSTRIES, { error: `must be one of ${DEMO_INDUSTRIES.join(', ')}` }).optional(),
  companySize: z.enum(COMPANY_SIZES, { error: `must be one of ${COMPANY_SIZES.join(', ')}` }).default('medium'),
  dataVolume: z.enum(DATA_VOLUMES, { error: `must be one of ${DATA_VOLUMES.join(', ')}` }).default('medium'),
  /** Owners of the demo datasets' checks, in turn; the deploying admin when empty. */
  ownerEmails: z.array(z.email('must be an e-mail address').max(254, 'must be at most 254 characters'), { error: 'must be a list of e-mail addresses' }).max(20, 'must hold at most 20 addresses').default([]),
  /** Company names the opportunities and leads use instead of the template's. */
  companyNames: z
    .array(z.string({ error: 'must be a company name' }).trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters'), { error: 'must be a list of company names' })
    .max(50, 'must hold at most 50 names')
    .default([]),
});
export type DemoCustomization = z.infer<typeof demoCustomizationSchema>;

/** PUT /api/demo-data/instances/{id}/config. */
export const demoConfigBodySchema = z.object({
  templateId: z.enum(DEMO_TEMPLATE_IDS, { error: `must be one of ${DEMO_TEMPLATE_IDS.join(', ')}` }),
  enabled: z.boolean({ error: 'must be true or false' }).default(true),
  customization: demoCustomizationSchema.default(() => demoCustomizationSchema.parse({})),
});
export type DemoConfig = z.infer<typeof demoConfigBodySchema>;

/** POST .../deploy. */
export const demoDeployBodySchema = z.object({
  organizationId: id('an organization id'),
  force: z.boolean({ error: 'must be true or false' }).default(false),
});

/** POST .../regenerate. */
export const demoRegenerateBodySchema = z.object({ organizationId: id('an organization id') });

export const DEPLOYMENT_STATUSES = ['deploying', 'deployed', 'failed'] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];

export interface DeployedDataset {
  datasetId: string;
  /** The records of its generated file. */
  records: number;
  /** The scan that finds its failed rows. */
  scanId: string;
}

/** Where a running deploy job is: writing its datasets' files, then scanning them. */
export const DEPLOYMENT_PHASES = ['writing', 'scanning', 'done'] as const;
export type DeploymentPhase = (typeof DEPLOYMENT_PHASES)[number];

export interface DemoDeploymentProgress {
  /** The deploy job (absent on deployments recorded before deploys became jobs). */
  jobId?: string;
  templateId: DemoTemplateId;
  dataVolume: DataVolume;
  status: DeploymentStatus;
  phase: DeploymentPhase;
  startedAt: string;
  startedBy: string;
  recordsGenerated: number;
  datasetsTotal: number;
  /** Datasets whose generated file, checks and scan are stored. */
  datasetsWritten: number;
  /** Datasets whose scan finished. */
  datasetsDone: number;
  /** Rows the scans have read, of recordsGenerated. */
  rowsScanned: number;
  /** Failed rows the scans found. */
  failedRows: number;
  error?: string;
  datasets: Array<DeployedDataset & { status: 'queued' | 'running' | 'succeeded' | 'failed'; rowsRead: number; newIssues: number; error?: string }>;
}

export interface DemoConfigResponse {
  success: true;
  instanceId: string;
  organizationId: string;
  config: (DemoConfig & { updatedAt: string; updatedBy: string }) | null;
  deployment: DemoDeploymentProgress | null;
}

export interface DemoDeployResponse {
  success: true;
  message: string;
  recordsGenerated: number;
  deployment: DemoDeploymentProgress;
}
