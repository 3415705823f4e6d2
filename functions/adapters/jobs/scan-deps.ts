import { datasetMetaRepository } from '../dynamodb/dataset-meta-repository';
import { issuesRepository } from '../dynamodb/issues-repository';
import { scanResultsRepository } from '../dynamodb/scan-results-repository';
import { sourceStore } from '../storage/source-store';
import { systemClock } from '../../lib/clock';
import type { ScanDeps, ScanEvents } from '../../domain/scans/run-scan';
import { publishQualityMetrics } from '../../realtime/issue-events';

/** A scan's or import's end goes out as `quality-metrics` with the dataset's exact counts. */
const scanEvents: ScanEvents = { datasetChanged: (ref) => publishQualityMetrics(issuesRepository, ref) };

/** The adapters the data-in use cases run with, in Lambda and in the local stack. */
export function scanDeps(): ScanDeps {
  return { meta: datasetMetaRepository, results: scanResultsRepository, issues: issuesRepository, sources: sourceStore(), clock: systemClock, events: scanEvents };
}
