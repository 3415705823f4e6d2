// Absolute paths, so the CDK app, the build script and the tests agree whatever the cwd is.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const functionsSourceDir = path.join(repoRoot, 'functions');
export const functionsBuildDir = path.join(repoRoot, '.build', 'functions');
export const webDistDir = path.join(repoRoot, 'web', 'dist');
