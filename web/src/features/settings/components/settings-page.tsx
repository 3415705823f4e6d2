import { Building2, Database, Server, Sparkles, UserRound, Users, type LucideIcon } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { User } from '../../../../../shared/schemas/session';
import { PageHeader } from '../../../components/page-header';
import { PageTitle } from '../../../components/page-title';
import { useCurrentUser } from '../../../lib/session';
import { cn } from '../../../utils/cn';
import { AiSettingsTab } from '../../ai/components/ai-settings-tab';
import { TeamsTab } from '../../team/components/teams-tab';
import { DatasetsTab } from './datasets-tab';
import { GeneralTab } from './general-tab';
import { ProfileTab } from './profile-tab';
import { SystemTab } from './system-tab';

/** `full`: only in the full settings area (spec 2 §2.3); the others every user sees. */
const TABS = [
  { id: 'general', label: 'General', description: 'Organization, domains, plan and usage', icon: Building2, full: true },
  { id: 'profile', label: 'Profile', description: 'Your name, theme and account', icon: UserRound, full: false },
  { id: 'soda-ai', label: 'AI', description: 'Processing, usage and credits', icon: Sparkles, full: false },
  { id: 'teams', label: 'Teams', description: 'Members, instances and invitations', icon: Users, full: true },
  { id: 'datasets', label: 'Datasets', description: 'Data, checks and scans', icon: Database, full: true },
  { id: 'system', label: 'System & Security', description: 'Health of the platform', icon: Server, full: true },
] as const satisfies readonly { id: string; label: string; description: string; icon: LucideIcon; full: boolean }[];

type TabId = (typeof TABS)[number]['id'];

/**
 * The full settings area shows only for super admins, org admins, account owners and holders of
 * the admin permission; other users see Profile and AI (spec 2 §2.3).
 */
export function hasFullSettings(user: User): boolean {
  return user.is_super_admin || user.is_org_admin || user.role === 'account_owner' || user.permissions.includes('admin');
}

/** The active tab lives in the URL hash and is checked against the tabs the user may see (spec 2 §2.3). */
function tabFromHash(hash: string, visible: readonly TabId[]): TabId | undefined {
  const id = hash.replace(/^#/, '');
  return visible.find((tab) => tab === id);
}

export function SettingsPage() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const full = hasFullSettings(user);
  const tabs = TABS.filter((tab) => full || !tab.full);
  const chosen = tabFromHash(hash, tabs.map((tab) => tab.id));
  const active: TabId = chosen ?? 'profile';
  // An unknown or unavailable tab in the URL shows Profile; the URL then says so too.
  const badHash = hash !== '' && hash !== '#' && !chosen;
  useEffect(() => {
    if (badHash) void navigate({ hash: active }, { replace: true });
  }, [badHash, active, navigate]);

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
          {tabs.map(({ id, label, description, icon: Icon }) => (
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
        {full ? (
          <>
            <Tabs.Content value="general" className="outline-none">
              <GeneralTab />
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
          </>
        ) : null}
      </Tabs.Root>
    </>
  );
}
