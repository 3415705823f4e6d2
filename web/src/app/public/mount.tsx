import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicNavigationProvider } from './navigation';
import { PublicSite } from './site';

/**
 * The first render is a transition: React renders the page in slices and lets the browser breathe
 * between them, instead of one long task that blocks input (Lighthouse's total blocking time).
 */
export function mountPublicSite(root: HTMLElement): void {
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <PublicNavigationProvider>
          <PublicSite />
        </PublicNavigationProvider>
      </StrictMode>,
    );
  });
}
