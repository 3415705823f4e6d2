// First: zod's configuration must run before any schema of the app or of shared/ is built.
import '../zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './index';

export function mountApp(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
