import { runDemoDeployJob, type DemoDeployEvent } from '../../functions/adapters/jobs/demo-deploy-launcher';
import { registerLocalJob } from '../../functions/adapters/jobs/local-jobs';
import { runScanJob, type ScanWorkerEvent } from '../../functions/adapters/jobs/scan-launcher';

// The local stack runs background jobs in its own process (functions/adapters/jobs/local-jobs.ts):
// the jobs the scan worker runs in AWS, scans and demo deployments.
registerLocalJob('scan', (event) => runScanJob(event as ScanWorkerEvent));
registerLocalJob('demo-deploy', (event) => runDemoDeployJob(event as DemoDeployEvent));
