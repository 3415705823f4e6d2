export { demoDeps } from '../../adapters/jobs/demo-deploy-launcher';
