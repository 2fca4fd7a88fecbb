// The nav bar's bell: unread badge (99+ above 99), the panel, and live updates — polling the count,
// plus an immediate refresh and a 6 s toast when a web push reaches an open page.
import { Bell } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { BADGE_CAP, TOASTS } from '#contract/constants';
import { fr } from '#contract/messages';
import { notifyInfo } from '../../lib/notify';
import { useIdle } from '../../ui/use-idle';
import { useRefreshNotifications, useUnreadCount } from './notification-queries';

// The panel loads when it is first opened: no first screen needs it.
const NotificationPanel = lazy(async () => ({ default: (await import('./NotificationPanel')).NotificationPanel }));

export const badgeText = (count: number) => (count > BADGE_CAP ? `${BADGE_CAP}+` : String(count));

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const { data: unread = 0 } = useUnreadCount();
  const refresh = useRefreshNotifications();
  const root = useRef<HTMLDivElement>(null);

  // Push is set up once the page is shown (lib/push.ts loads then).
  const idle = useIdle();
  useEffect(() => {
    if (!idle) return;
    let stop: (() => void) | undefined;
    let active = true;
    void import('../../lib/push').then(({ onPushMessage, syncPushSubscription }) => {
      if (!active) return;
      void syncPushSubscription().catch(() => undefined);
      stop = onPushMessage((message, pageVisible) => {
        void refresh();
        if (pageVisible) notifyInfo(message.title, { description: message.body, duration: TOASTS.pushMs });
      });
    });
    return () => {
      active = false;
      stop?.();
    };
  }, [idle]);

  // Outside click and Escape close the panel.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent | TouchEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const label = unread > 0 ? `${fr.nav.notifications} (${fr.nav.unreadBadge(unread)})` : fr.nav.notifications;
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        className="relative rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        aria-label={label}
        aria-expanded={open}
        aria-haspopup="dialog"
      >
        <Bell size={22} />
        {unread > 0 && (
          <span
            data-testid="notification-badge"
            className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-600 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-white"
          >
            {badgeText(unread)}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel unread={unread} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
