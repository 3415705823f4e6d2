import type { ChildProcess } from 'node:child_process';

// The local stack's child processes (DynamoDB Local, cognito-local, the app process): each ends
// with the process that started it, and stops the same way.

/**
 * Ties the child to this process: it is stopped when this process ends, however that happens (a
 * crash of `npm start` on an uncaught exception left the emulators running, holding their ports
 * and data files). Answers how to stop it: SIGTERM, then SIGKILL after `graceMs`; resolves once
 * it has exited.
 */
export function ownedChild(child: ChildProcess, graceMs: number): () => Promise<void> {
  const running = () => child.exitCode === null && child.signalCode === null;
  const onExit = () => {
    if (running()) child.kill('SIGTERM');
  };
  process.on('exit', onExit);
  child.once('exit', () => process.off('exit', onExit));
  return () =>
    new Promise((resolve) => {
      if (!running()) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
}
