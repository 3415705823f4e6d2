import { Bug, ChevronRight } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useState } from 'react';
import { env } from '../../../config/env';
import { isDemoModeActive, presentStorageKeys } from '../../../lib/auth-storage';
import type { SessionStatus } from '../../../lib/session';

/** Demo-mode debug panel: where the API is and which keys are stored — never their values. */
export function DebugTools({ sessionStatus, demoConfigStatus }: { sessionStatus: SessionStatus; demoConfigStatus: string }) {
  const [open, setOpen] = useState(false);
  // Read when opened (and on every render while open), so the panel shows the current state.
  const keys = open ? presentStorageKeys() : [];
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className="rounded-lg border border-dashed text-xs">
      <Collapsible.Trigger className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring">
        <ChevronRight className={`size-3.5 transition-transform ${open ? 'rotate-90' : ''}`} aria-hidden />
        <Bug className="size-3.5" aria-hidden />
        Debug tools
      </Collapsible.Trigger>
      <Collapsible.Content>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 px-3 pb-3 font-mono">
          <dt className="text-muted-foreground">API base</dt>
          <dd>{env.apiUrl}</dd>
          <dt className="text-muted-foreground">Stored keys</dt>
          <dd>{keys.length ? keys.join(', ') : 'none'}</dd>
          <dt className="text-muted-foreground">Demo flag</dt>
          <dd>{isDemoModeActive() ? 'on' : 'off'}</dd>
          <dt className="text-muted-foreground">Demo config</dt>
          <dd>{demoConfigStatus}</dd>
          <dt className="text-muted-foreground">Session</dt>
          <dd>{sessionStatus}</dd>
        </dl>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
