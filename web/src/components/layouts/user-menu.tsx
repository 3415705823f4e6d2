import { ChevronDown, ChevronRight, LogIn, LogOut, Moon, Settings, Sun } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { ROLE_LABELS } from '../../../../shared/roles';
import { AFTER_LOGIN_PATH, paths } from '../../config/paths';
import { demoPassword, useDemoConfig, type DemoAccount } from '../../lib/api/get-demo-config';
import { useCurrentUser, useSession } from '../../lib/session';
import { useTheme } from '../../lib/theme';
import { cn } from '../../utils/cn';
import { UserAvatar } from '../ui/avatar';
import { Badge } from '../ui/badge';
import { menuContentClasses, menuItemClasses, menuLabelClasses, menuSeparatorClasses } from '../ui/menu';
import { MyProgress } from './my-progress';

/** "Login as": demo accounts grouped by organization, only when the demo configuration loads. */
function LoginAsMenu() {
  const user = useCurrentUser();
  const { login } = useSession();
  const navigate = useNavigate();
  const demoConfig = useDemoConfig();
  const config = demoConfig.data;
  if (!config || config.organizations.length === 0) return null;

  const switchTo = async (account: DemoAccount) => {
    const password = demoPassword(config, account);
    try {
      if (!password) throw new Error('No demo password for this account');
      await login(account.email, password);
      navigate(AFTER_LOGIN_PATH, { replace: true });
      toast.success(`Signed in as ${account.name}`);
    } catch {
      toast.error(`Quick login failed for ${account.email}`);
    }
  };

  return (
    <DropdownMenu.Sub>
      <DropdownMenu.SubTrigger className={menuItemClasses}>
        <LogIn className="size-4" aria-hidden />
        <span className="flex-1">Login as</span>
        <ChevronRight className="size-4 text-muted-foreground" aria-hidden />
      </DropdownMenu.SubTrigger>
              <DropdownMenu.SubContent sideOffset={6} alignOffset={-6} className={cn(menuContentClasses, 'w-80')}>
          {config.organizations.map((organization, index) => (
            <DropdownMenu.Group key={organization.id}>
              {index > 0 ? <DropdownMenu.Separator className={menuSeparatorClasses} /> : null}
              <DropdownMenu.Label className={menuLabelClasses}>{organization.name}</DropdownMenu.Label>
              {organization.users.map((account) => (
                <DropdownMenu.Item
                  key={account.email}
                  className={menuItemClasses}
                  disabled={account.email === user.email}
                  onSelect={() => void switchTo(account)}
                >
                  <UserAvatar email={account.email} name={account.name} size="sm" />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate font-medium">{account.name}</span>
                    <span className="truncate text-xs text-muted-foreground">{account.email}</span>
                  </span>
                  <Badge>{ROLE_LABELS[account.role]}</Badge>
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Group>
          ))}
        </DropdownMenu.SubContent>
          </DropdownMenu.Sub>
  );
}

/** The user menu of the app header (spec 1 §2, spec 2 §2.2). */
export function UserMenu() {
  const user = useCurrentUser();
  const { logout } = useSession();
  const { resolvedTheme, setTheme } = useTheme();
  const navigate = useNavigate();
  const isDark = resolvedTheme === 'dark';
  const crossOrganization = user.is_org_admin || user.is_super_admin;
  // Asked for with the header, not when the menu opens: "Login as" then is in place before the
  // menu is, and the items below it do not move under the pointer.
  useDemoConfig();

  const signOut = async () => {
    const destination = await logout();
    navigate(destination, { replace: true });
  };

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        data-testid="user-menu-trigger"
        aria-label={`User menu for ${user.name}`}
        className={cn(
          'inline-flex items-center gap-2 rounded-full p-0.5 pr-2 transition-colors hover:bg-muted',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        )}
      >
        <span className="relative">
          <UserAvatar email={user.email} name={user.name} size="md" />
          <span className="absolute -right-0.5 -bottom-0.5 size-2.5 rounded-full bg-success ring-2 ring-card" aria-hidden />
        </span>
        <span className="hidden max-w-32 truncate text-sm font-medium lg:inline">{user.name}</span>
        <ChevronDown className="size-4 text-muted-foreground" aria-hidden />
      </DropdownMenu.Trigger>
              <DropdownMenu.Content align="end" sideOffset={8} className={cn(menuContentClasses, 'w-72')}>
          <div className="flex items-start gap-3 px-2.5 py-2.5">
            <UserAvatar email={user.email} name={user.name} size="lg" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold">{user.name}</p>
              <p className="truncate text-sm text-muted-foreground">{user.email}</p>
              <p className="mt-0.5 truncate text-xs text-muted-foreground">{user.organization_name}</p>
              <div className="mt-2 flex flex-wrap items-center gap-1.5">
                <Badge tone="primary">{ROLE_LABELS[user.role]}</Badge>
                {crossOrganization ? <Badge tone="danger">Super Admin</Badge> : null}
                {user.access_type === 'emergency' ? <Badge tone="warning">Emergency access</Badge> : null}
                <span className="inline-flex items-center gap-1 text-xs text-success">
                  <span className="size-2 rounded-full bg-success" aria-hidden />
                  Online
                </span>
              </div>
            </div>
          </div>
          <DropdownMenu.Separator className={menuSeparatorClasses} />
          <MyProgress />
          <LoginAsMenu />
          <DropdownMenu.Item asChild className={menuItemClasses}>
            <Link to={paths.app.settings.getHref()}>
              <Settings className="size-4" aria-hidden />
              Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItemClasses} onSelect={() => setTheme(isDark ? 'light' : 'dark')}>
            {isDark ? <Sun className="size-4" aria-hidden /> : <Moon className="size-4" aria-hidden />}
            {isDark ? 'Light mode' : 'Dark mode'}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className={menuSeparatorClasses} />
          <DropdownMenu.Item className={cn(menuItemClasses, 'text-danger')} onSelect={() => void signOut()}>
            <LogOut className="size-4" aria-hidden />
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
          </DropdownMenu.Root>
  );
}
