import { lazy, Suspense } from 'react';

// The header's menus (notifications, instance switcher, user menu) load right after the shell's first render,
// not with it (issue 16 §7: initial JS of /app/issues). While they load, a quiet placeholder of
// their size holds their place; their triggers (and test ids) appear with them.

const InstanceSwitcherImpl = lazy(() => import('./instance-switcher').then((m) => ({ default: m.InstanceSwitcher })));
const UserMenuImpl = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const NotificationBellImpl = lazy(() => import('../../features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })));

function Placeholder({ className }: { className: string }) {
  return <span aria-hidden className={`inline-block h-9 animate-pulse rounded-lg bg-muted ${className}`} />;
}

export function InstanceSwitcher() {
  return (
    <Suspense fallback={<Placeholder className="w-48" />}>
      <InstanceSwitcherImpl />
    </Suspense>
  );
}

export function UserMenu() {
  return (
    <Suspense fallback={<Placeholder className="w-36" />}>
      <UserMenuImpl />
    </Suspense>
  );
}

export function NotificationBell() {
  return (
    <Suspense fallback={<Placeholder className="w-9" />}>
      <NotificationBellImpl />
    </Suspense>
  );
}
