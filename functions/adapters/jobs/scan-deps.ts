import { datasetMetaRepository } from '../dynamodb/dataset-meta-repository';
import { issuesRepository } from '../dynamodb/issues-repository';
import { scanResultsRepository } from '../dynamodb/scan-results-repository';
import { sourceStore } from '../storage/source-store';
import { systemClock } from '../../lib/clock';
import type { ScanDeps } from '../../domain/scans/run-scan';

/** The adapters the data-in use cases run with, in Lambda and in the local stack. */
export function scanDeps(): ScanDeps {
  return { meta: datasetMetaRepository, results: scanResultsRepository, issues: issuesRepository, sources: sourceStore(), clock: systemClock };
}
