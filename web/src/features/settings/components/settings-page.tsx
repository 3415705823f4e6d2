import { Database, Server, Sparkles, UserRound, Users, type LucideIcon } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageTitle } from '../../../components/page-title';
import { cn } from '../../../utils/cn';
import { AiSettingsTab } from '../../ai/components/ai-settings-tab';
import { TeamsTab } from '../../team/components/teams-tab';
import { DatasetsTab } from './datasets-tab';
import { ProfileTab } from './profile-tab';
import { SystemTab } from './system-tab';

const TABS = [
  { id: 'profile', label: 'Profile', description: 'Your name, theme and account', icon: UserRound },
  { id: 'soda-ai', label: 'AI', description: 'Processing, usage and credits', icon: Sparkles },
  { id: 'teams', label: 'Teams', description: 'Members, instances and invitations', icon: Users },
  { id: 'datasets', label: 'Datasets', description: 'Data, checks and scans', icon: Database },
  { id: 'system', label: 'System & Security', description: 'Health of the platform', icon: Server },
] as const satisfies readonly { id: string; label: string; description: string; icon: LucideIcon }[];

type TabId = (typeof TABS)[number]['id'];

/** The active tab lives in the URL hash and is checked against the tab list (spec 2 §2.3). */
function tabFromHash(hash: string): TabId {
  const id = hash.replace(/^#/, '');
  return TABS.find((tab) => tab.id === id)?.id ?? 'profile';
}

export function SettingsPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const active = tabFromHash(hash);

  return (
    <>
      <PageTitle title="Settings" />
      <PageHeader title="Settings" description="Your profile, appearance and the state of the system." />
      <Tabs.Root
        value={active}
        onValueChange={(value) => navigate({ hash: value }, { replace: true })}
        orientation="vertical"
        className="grid gap-6 md:grid-cols-[16rem_minmax(0,1fr)]"
      >
        <Tabs.List aria-label="Settings sections" className="flex gap-1 overflow-x-auto md:flex-col">
          {TABS.map(({ id, label, description, icon: Icon }) => (
            <Tabs.Trigger
              key={id}
              value={id}
              className={cn(
                'flex min-w-48 items-start gap-3 rounded-lg px-3 py-2.5 text-left transition-colors hover:bg-muted',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                'data-[state=active]:bg-accent data-[state=active]:text-accent-foreground',
              )}
            >
              <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span className="flex flex-col">
                <span className="text-sm font-medium">{label}</span>
                <span className="text-xs text-muted-foreground">{description}</span>
              </span>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="profile" className="outline-none">
          <ProfileTab />
        </Tabs.Content>
        <Tabs.Content value="soda-ai" className="outline-none">
          <AiSettingsTab />
        </Tabs.Content>
        <Tabs.Content value="teams" className="outline-none">
          <TeamsTab />
        </Tabs.Content>
        <Tabs.Content value="datasets" className="outline-none">
          <DatasetsTab />
        </Tabs.Content>
        <Tabs.Content value="system" className="outline-none">
          <SystemTab />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
