// /admin/journal: every moderator decision, newest first, a page at a time (?page=).
import { useQuery } from '@tanstack/react-query';
import { Ban, Check, ChevronRight, ClipboardList, PencilLine, RotateCcw, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '#contract/format';
import { fr } from '#contract/messages';
import type { AuditEntry } from '#contract/moderation';
import { Card, EmptyState, PageHeader } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { PageLoader } from '../../ui/Spinner';
import { auditQuery } from './admin-api';
import { auditView } from './audit-entry-view';
import { QueuePager } from './QueuePager';

const texts = fr.adminUi;

const ICONS: Record<string, { icon: ReactNode; tone: string }> = {
  'observation.approve': { icon: <Check size={16} />, tone: 'bg-brand-50 text-brand-700' },
  'observation.reject': { icon: <X size={16} />, tone: 'bg-rose-50 text-rose-700' },
  'suggestion.apply': { icon: <PencilLine size={16} />, tone: 'bg-brand-50 text-brand-700' },
  'suggestion.refuse': { icon: <X size={16} />, tone: 'bg-rose-50 text-rose-700' },
  'product.revert': { icon: <RotateCcw size={16} />, tone: 'bg-amber-50 text-amber-700' },
  'user.suspend': { icon: <Ban size={16} />, tone: 'bg-rose-50 text-rose-700' },
  'user.reinstate': { icon: <RotateCcw size={16} />, tone: 'bg-sky-50 text-sky-700' },
};
const FALLBACK = { icon: <ClipboardList size={16} />, tone: 'bg-slate-100 text-slate-600' };

export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending, isError, refetch } = useQuery(auditQuery(page));

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={texts.journalTitle} subtitle={texts.journalSubtitle} />
      {isPending ? (
        <PageLoader />
      ) : isError ? (
        <LoadError message={texts.loadError} onRetry={() => void refetch()} />
      ) : data.entries.length === 0 ? (
        <EmptyState icon={<ClipboardList size={24} />} title={texts.journalEmpty} text={texts.journalEmptyText} />
      ) : (
        <div className="space-y-4">
          <Card>
            <ol className="divide-y divide-slate-100" aria-label={texts.journalTitle}>
              {data.entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </ol>
          </Card>
          <QueuePager page={data.page} pages={data.pages} onChange={(n) => setParams(n === 1 ? {} : { page: String(n) })} />
        </div>
      )}
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const view = auditView(entry);
  const look = ICONS[entry.action] ?? FALLBACK;
  return (
    <li className="flex gap-3 p-3 sm:p-4">
      <span className={`mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full ${look.tone}`} aria-hidden="true">
        {look.icon}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{view.title}</p>
        <p className="text-xs text-slate-500">
          <time dateTime={entry.created_at} className="tabular-nums">
            {formatDateTime(entry.created_at)}
          </time>
          {' · '}
          {texts.by(entry.moderator_name ?? texts.someone)}
        </p>
        {view.details.map((line, i) => (
          <p key={i} className="mt-0.5 break-words text-sm text-slate-700">
            {line}
          </p>
        ))}
        {view.link && (
          <Link to={view.link.to} className="mt-1 inline-flex items-center gap-0.5 text-sm font-semibold text-brand-700 hover:underline">
            {view.link.label}
            <ChevronRight size={15} aria-hidden="true" />
          </Link>
        )}
      </div>
    </li>
  );
}
