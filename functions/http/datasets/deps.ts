import { datasetMetaRepository } from '../../adapters/dynamodb/dataset-meta-repository';
import { scanDeps } from '../../adapters/jobs/scan-deps';
import { scanLauncher } from '../../adapters/jobs/scan-launcher';

/** The adapters of the data-in routes (issue 4). */
export function dataInDeps() {
  return { ...scanDeps(), launcher: scanLauncher, datasets: datasetMetaRepository };
}
