import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ComponentProps, type CSSProperties, type ReactNode } from 'react';
import type { Toaster as SonnerToaster } from 'sonner';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session';
import { ThemeProvider, useTheme } from '../lib/theme';
import { loadSonner, toasterMounted } from '../lib/toast';

/**
 * sonner's light rich colours put green and red text on pale backgrounds below WCAG AA (axe
 * color-contrast); darker text keeps the look and passes. Inline variables override its sheet.
 */
const LIGHT_TOAST_TEXT = { '--success-text': 'hsl(140, 100%, 22%)', '--error-text': 'hsl(360, 100%, 38%)' } as CSSProperties;

/** sonner loads after the first render (not part of the initial download); see lib/toast.ts. */
const Toaster = lazy(() =>
  loadSonner().then((sonner) => ({
    default: function MountedToaster(props: ComponentProps<typeof SonnerToaster>) {
      useEffect(() => toasterMounted(), []);
      return <sonner.Toaster {...props} />;
    },
  })),
);

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Suspense fallback={null}>
      <Toaster theme={resolvedTheme} richColors closeButton position="top-right" style={resolvedTheme === 'light' ? LIGHT_TOAST_TEXT : undefined} />
    </Suspense>
  );
}

/** Everything the screens rely on: theme, server cache, session, toasts. */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ThemeProvider>
      <QueryClientProvider client={client}>
        <SessionProvider>{children}</SessionProvider>
      </QueryClientProvider>
      <ThemedToaster />
    </ThemeProvider>
  );
}
