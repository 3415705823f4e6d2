import { Bell, CheckCheck } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import type { AppNotification } from '../../../../../shared/schemas/assignments';
import { menuContentClasses, menuItemClasses, menuSeparatorClasses } from '../../../components/ui/menu';
import { useInstances } from '../../../lib/instances';
import { useCurrentUser } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { cn } from '../../../utils/cn';
import { useMarkNotificationsRead, useNotifications } from '../api/notifications';

// The notification bell of the app header (issue 13 §4: an assigned person gets an in-app
// notification). The badge counts the unread ones; choosing one marks it read and opens what it
// is about (the rows assigned to me, in the instance they belong to).

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** "5 minutes ago", "yesterday", "just now". */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  return 'just now';
}

const badgeText = (unread: number) => (unread > 9 ? '9+' : String(unread));

function NotificationItem({ notification, onOpen }: { notification: AppNotification; onOpen: (n: AppNotification) => void }) {
  return (
    <DropdownMenu.Item className={cn(menuItemClasses, 'items-start')} onSelect={() => onOpen(notification)} data-testid="notification-item" data-read={notification.read}>
      <span aria-hidden className={cn('mt-1.5 size-2 shrink-0 rounded-full', notification.read ? 'bg-transparent' : 'bg-primary')} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className={cn('text-sm leading-snug', notification.read ? 'text-muted-foreground' : 'font-medium')}>
          {notification.read ? null : <span className="sr-only">Unread: </span>}
          {notification.title}
        </span>
        {notification.body ? <span className="line-clamp-2 text-xs text-muted-foreground">{notification.body}</span> : null}
        <time dateTime={notification.at} title={new Date(notification.at).toLocaleString()} className="text-xs text-muted-foreground">
          {timeAgo(notification.at)}
        </time>
      </span>
    </DropdownMenu.Item>
  );
}

export function NotificationBell() {
  const user = useCurrentUser();
  const { instances, currentInstanceId, selectInstance } = useInstances();
  const navigate = useNavigate();
  const query = useNotifications(user.email);
  const markRead = useMarkNotificationsRead(user.email);
  const unread = query.data?.unread ?? 0;
  const notifications = query.data?.notifications ?? [];

  const open = (n: AppNotification) => {
    if (!n.read) markRead.mutate([n.id]);
    if (n.instance_id !== currentInstanceId) {
      if (!instances.some((i) => i.id === n.instance_id)) {
        toast.error('You no longer have access to the instance of this notification.');
        return;
      }
      selectInstance(n.instance_id);
    }
    void navigate(n.link);
  };

  const markAll = () =>
    markRead.mutate(undefined, {
      onError: () => toast.error('Could not mark the notifications as read. Please try again.'),
    });

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        data-testid="notification-bell"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        className={cn(
          'relative inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=open]:bg-muted',
        )}
      >
        <Bell className="size-5" aria-hidden />
        {unread > 0 ? (
          <span
            aria-hidden
            data-testid="notification-count"
            className="absolute -top-0.5 -right-0.5 min-w-4.5 rounded-full bg-primary px-1 text-center text-[11px] leading-4.5 font-semibold text-primary-foreground"
          >
            {badgeText(unread)}
          </span>
        ) : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={cn(menuContentClasses, 'w-[min(22rem,calc(100vw-1.5rem))]')}>
          <div className="flex items-center justify-between px-2.5 pt-1.5 pb-1">
            <DropdownMenu.Label className="text-sm font-semibold">Notifications</DropdownMenu.Label>
            {unread > 0 ? <span className="text-xs text-muted-foreground">{unread} unread</span> : null}
          </div>
          {query.isError && !query.data ? (
            <p className="px-2.5 py-3 text-sm text-muted-foreground">Notifications are not available right now.</p>
          ) : !query.data ? (
            <div aria-hidden className="mx-2.5 my-2 h-16 animate-pulse rounded-md bg-muted" />
          ) : notifications.length === 0 ? (
            <p className="px-2.5 py-3 text-sm text-muted-foreground">No notifications yet. When a colleague assigns you rows, you will see it here.</p>
          ) : (
            <>
              {notifications.map((n) => (
                <NotificationItem key={n.id} notification={n} onOpen={open} />
              ))}
              {unread > 0 ? (
                <>
                  <DropdownMenu.Separator className={menuSeparatorClasses} />
                  <DropdownMenu.Item className={menuItemClasses} onSelect={markAll} disabled={markRead.isPending}>
                    <CheckCheck className="size-4" aria-hidden />
                    Mark all as read
                  </DropdownMenu.Item>
                </>
              ) : null}
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
