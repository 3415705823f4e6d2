import { BookOpen, Database, LayoutDashboard, ListChecks, Shield, type LucideIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { showsAdminNavigation } from '../../../../shared/roles';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../lib/session';
import { cn } from '../../utils/cn';
import { Logo } from '../ui/logo';
import { AiStatusIndicator } from '../../features/ai/components/ai-status-indicator';
import { InstanceSwitcher, NotificationBell, UserMenu } from './lazy-menus';

const linkClasses = (active: boolean) =>
  cn(
    'inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    active ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
  );

/**
 * The links' labels: shown where the navigation has room for all of them (the width all labels
 * take, five links with Admin, four without), read by screen readers always.
 */
const LABEL_CLASSES = { five: 'sr-only @[34rem]:not-sr-only', four: 'sr-only @[27rem]:not-sr-only' } as const;

function NavItem({ to, label, icon: Icon, also, labelClass }: { to: string; label: string; icon: LucideIcon; also?: string; labelClass: string }) {
  const { pathname } = useLocation();
  const here = pathname.replace(/\/+$/, '') || '/';
  const active = here === to || here.startsWith(`${to}/`) || here === also;
  return (
    <Link to={to} title={label} className={linkClasses(active)} aria-current={active ? 'page' : undefined}>
      <Icon className="size-4" aria-hidden />
      <span className={labelClass}>{label}</span>
    </Link>
  );
}

function MainNavigation() {
  const user = useCurrentUser();
  const admin = showsAdminNavigation(user.role);
  const labelClass = admin ? LABEL_CLASSES.five : LABEL_CLASSES.four;
  return (
    <nav aria-label="Main" className="-mx-1 flex items-center gap-1 overflow-x-auto px-1 py-0.5">
      <NavItem to={paths.app.datasets.getHref()} label="Datasets" icon={Database} labelClass={labelClass} />
      <NavItem to={paths.app.quality.getHref()} label="Dashboard" icon={LayoutDashboard} labelClass={labelClass} />
      {/* The empty /app path shows the Issues screen too. */}
      <NavItem to={paths.app.issues.getHref()} label="Issues" icon={ListChecks} also={paths.app.root.getHref()} labelClass={labelClass} />
      {admin ? <NavItem to={paths.app.admin.getHref()} label="Admin" icon={Shield} labelClass={labelClass} /> : null}
      {/* Docs is a public page outside the app shell: a plain link. */}
      <a href={paths.docs.getHref()} title="Docs" className={linkClasses(false)}>
        <BookOpen className="size-4" aria-hidden />
        <span className={labelClass}>Docs</span>
      </a>
    </nav>
  );
}

export function AppHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-card">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 sm:gap-x-4 px-4 py-2.5 sm:px-6">
        <Link
          to={paths.app.quality.getHref()}
          className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Logo nameClassName="sr-only sm:not-sr-only" />
        </Link>
        {/* Beside the logo from md on, the navigation takes the room the right-hand group leaves (basis
            0), and its links show their labels only where that room holds them (a container query):
            with the AI status, an instance name and an admin's five links, the right-hand group used
            to wrap alone onto a second line at 1280 px. */}
        <div className="@container order-3 w-full min-w-0 md:order-none md:w-auto md:flex-1 md:basis-0">
          <MainNavigation />
        </div>
        <div className="ml-auto flex min-w-0 flex-wrap items-center justify-end gap-1.5 sm:gap-2">
          <AiStatusIndicator />
          <NotificationBell />
          <InstanceSwitcher />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
