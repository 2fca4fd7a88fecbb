import { BellOff, Check, CheckCheck, Package, Tag, Truck, X, Megaphone, Info } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { formatRelativeTime } from '#contract/format';
import { fr } from '#contract/messages';
import type { Notification, NotificationType } from '#contract/notifications';
import { Spinner } from '../../ui/Spinner';
import { useMarkRead, useNotificationPages } from './notification-pages';

const ICONS: Record<NotificationType, ReactNode> = {
  order_status: <Package size={16} />,
  delivery_update: <Truck size={16} />,
  price_alert: <Tag size={16} />,
  promotional: <Megaphone size={16} />,
  other: <Info size={16} />,
};

export function NotificationPanel({ unread, onClose }: { unread: number; onClose: () => void }) {
  const pages = useNotificationPages(true);
  const { one, all } = useMarkRead();
  const items = pages.data?.pages.flatMap((p) => p.notifications) ?? [];
  const texts = fr.notifications;
  const loading = pages.isPending || pages.isFetchingNextPage;

  // A notification that arrives while the panel is open (the count went up) appears in it at once.
  const seenUnread = useRef(unread);
  useEffect(() => {
    if (unread > seenUnread.current) void pages.refetch();
    seenUnread.current = unread;
  }, [unread]);

  return (
    <div
      role="dialog"
      aria-label={texts.panelTitle}
      className="fixed inset-x-2 top-16 z-50 flex max-h-[calc(100dvh-5rem)] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-2xl sm:absolute sm:inset-x-auto sm:right-0 sm:top-12 sm:w-96"
    >
      <div className="border-b border-slate-100 px-4 py-3">
        <div className="flex items-center justify-between gap-3">
          <h2 className="font-semibold text-slate-900">{texts.panelTitle}</h2>
          <button type="button" onClick={onClose} className="-mr-1.5 rounded-lg p-1.5 text-slate-500 hover:bg-slate-100" aria-label={fr.common.close}>
            <X size={18} />
          </button>
        </div>
        <div className="flex min-h-7 items-center justify-between gap-3">
          <p className="text-xs text-slate-500">{texts.unreadSummary(unread)}</p>
          {unread > 0 && (
            <button type="button" onClick={() => all.mutate()} className="-mr-2 inline-flex shrink-0 items-center gap-1 rounded-lg px-2 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50">
              <CheckCheck size={14} aria-hidden="true" />
              {texts.markAllRead}
            </button>
          )}
        </div>
      </div>

      <div className="overflow-y-auto overscroll-contain">
        {items.length === 0 && !loading && (
          <p className="flex flex-col items-center gap-2 px-4 py-10 text-sm text-slate-500">
            <BellOff size={22} aria-hidden="true" />
            {texts.empty}
          </p>
        )}
        <ul className="divide-y divide-slate-100">
          {items.map((n) => (
            <NotificationItem key={n.id} notification={n} onRead={() => one.mutate(n.id)} />
          ))}
        </ul>
        {loading && (
          <p className="flex items-center justify-center gap-2 px-4 py-4 text-sm text-slate-500" role="status">
            <Spinner size={16} />
            {texts.loading}
          </p>
        )}
        {pages.hasNextPage && !loading && (
          <button type="button" onClick={() => void pages.fetchNextPage()} className="w-full border-t border-slate-100 px-4 py-3 text-sm font-semibold text-brand-700 hover:bg-slate-50">
            {texts.more}
          </button>
        )}
      </div>
    </div>
  );
}

function NotificationItem({ notification: n, onRead }: { notification: Notification; onRead: () => void }) {
  return (
    <li className={`flex gap-3 px-4 py-3 ${n.read ? '' : 'bg-brand-50/50'}`} data-testid="notification-item">
      <span className={`mt-0.5 shrink-0 self-start rounded-full p-1.5 ${n.read ? 'bg-slate-100 text-slate-500' : 'bg-brand-100 text-brand-800'}`} aria-hidden="true">
        {ICONS[n.type] ?? ICONS.other}
      </span>
      <div className="min-w-0 flex-1">
        <p className={`text-sm ${n.read ? 'text-slate-700' : 'font-semibold text-slate-900'}`}>{n.title}</p>
        <p className="text-sm text-slate-600">{n.body}</p>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <time dateTime={n.created_at} className="text-xs text-slate-400">
            {formatRelativeTime(n.created_at)}
          </time>
          {!n.read && (
            <button type="button" onClick={onRead} className="inline-flex items-center gap-1 text-xs font-semibold text-brand-700 hover:underline">
              <Check size={12} aria-hidden="true" />
              {fr.notifications.markRead}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
