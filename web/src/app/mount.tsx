// zod is not imported here: it sits in its own chunk with its browser configuration
// (src/zod-config.ts), which runs before any schema of the app or of shared/ is built, and loads
// with the first screen or response schema that needs it (lib/api-client.ts: ResponseSchema).
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './index';

/** The first render is a transition, rendered in slices (see public/mount.tsx). */
export function mountApp(root: HTMLElement): void {
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
