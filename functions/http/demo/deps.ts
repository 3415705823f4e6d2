import { demoRepository } from '../../adapters/dynamodb/demo-repository';
import { scanDeps } from '../../adapters/jobs/scan-deps';
import { scanLauncher } from '../../adapters/jobs/scan-launcher';
import type { DemoDeps } from '../../domain/demo/deploy-demo';

/** The adapters of the demo data routes. */
export function demoDeps(): DemoDeps {
  return { ...scanDeps(), demo: demoRepository, launcher: scanLauncher };
}
