import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicNavigationProvider } from './navigation';
import { PublicSite } from './site';

export function mountPublicSite(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <PublicNavigationProvider>
        <PublicSite />
      </PublicNavigationProvider>
    </StrictMode>,
  );
}
