// The « Commerçants » queue: store managers' applications for a merchant account, waiting ones oldest
// first; each shows the store, the manager's name and phone and the account, with Approuver / Refuser.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronRight, Mail, Phone, Store, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '#contract/format';
import { MERCHANT_STATUSES, type MerchantApplicationEntry, type MerchantStatus } from '#contract/merchants';
import { fr } from '#contract/messages';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Card, EmptyState } from '../../ui/Card';
import { FilterChips } from '../../ui/FilterChips';
import { adminKeys } from './admin-api';
import { merchantApplicationsQuery, merchantDecisions } from './merchant-applications-api';
import { ReasonDialog } from './ReasonDialog';
import { ApplicationDecisionButtons } from './ApplicationDecisionButtons';
import { QueueList } from './QueueList';

const texts = fr.merchantsUi.admin;
const TONE: Record<MerchantStatus, BadgeTone> = { pending: 'amber', approved: 'green', refused: 'rose' };

export function MerchantApplicationQueue() {
  const [status, setStatus] = useState<MerchantStatus>('pending');
  const query = useQuery(merchantApplicationsQuery(status));
  return (
    <div className="space-y-4">
      <FilterChips label={texts.queueLabel} options={MERCHANT_STATUSES} selected={status} onSelect={setStatus}>
        {(key) => texts.status[key]}
      </FilterChips>
      <QueueList
        query={query}
        label={texts.queueLabel}
        keyOf={(application) => application.id}
        empty={<EmptyState icon={<Store size={24} />} title={status === 'pending' ? texts.emptyPending : texts.status[status]} text={status === 'pending' ? texts.emptyPendingText : undefined} />}
      >
        {(application) => <MerchantApplicationCard application={application} />}
      </QueueList>
    </div>
  );
}

function useDecision<V>(call: (v: V) => Promise<unknown>, done: string, onDone?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      notifySuccess(done);
      onDone?.();
    },
    onError: (error) => notifyError(errorMessage(error, fr.adminUi.actionError)),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

function Item({ label, icon, children }: { label: string; icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="flex items-start gap-1.5 break-words text-slate-800">
        <span className="mt-0.5 shrink-0 text-slate-400">{icon}</span>
        <span className="min-w-0">{children}</span>
      </dd>
    </div>
  );
}

function MerchantApplicationCard({ application: a }: { application: MerchantApplicationEntry }) {
  const [refusing, setRefusing] = useState(false);
  const approve = useDecision(() => merchantDecisions.approve(a.id), texts.approved);
  const refuse = useDecision((reason: string) => merchantDecisions.refuse(a.id, reason), texts.refused, () => setRefusing(false));
  const busy = approve.isPending || refuse.isPending;
  const place = [a.store.district, a.store.city].filter(Boolean).join(', ');
  return (
    <Card className="overflow-hidden" role="article" aria-label={texts.cardLabel(a.store.name)} data-testid="merchant-application-card">
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-100 p-4">
        <div className="min-w-0">
          <h3 className="font-semibold leading-snug break-words text-slate-900">{a.store.name}</h3>
          <p className="text-sm text-slate-600">{place || a.store.address}</p>
          <p className="text-xs text-slate-500">{texts.sentOn(formatDateTime(a.created_at))}</p>
        </div>
        <Badge tone={TONE[a.status]}>{texts.status[a.status]}</Badge>
      </header>
      <dl className="grid gap-x-4 gap-y-2 p-4 text-sm sm:grid-cols-3">
        <Item label={texts.manager} icon={<UserRound size={14} aria-hidden="true" />}>
          {a.manager_name}
        </Item>
        <Item label={texts.phone} icon={<Phone size={14} aria-hidden="true" />}>
          {a.phone}
        </Item>
        <Item label={texts.account} icon={<Mail size={14} aria-hidden="true" />}>
          {a.user.full_name}
          <span className="block break-all text-xs text-slate-500">{a.user.email}</span>
        </Item>
        {a.reviewed_at && (
          <p className="text-slate-600 sm:col-span-3">
            {fr.agentVetting.admin.reviewedOn(formatDateTime(a.reviewed_at))}
            {a.review_reason && <> — {fr.adminUi.auditReason(a.review_reason)}</>}
          </p>
        )}
      </dl>
      <footer className="flex flex-wrap items-center gap-2 border-t border-slate-100 bg-slate-50/60 p-3">
        <Link to={`/admin/users/${a.user.id}`} className="inline-flex items-center gap-0.5 text-sm font-semibold text-brand-700 hover:underline">
          {fr.adminUi.seeProfile}
          <ChevronRight size={15} aria-hidden="true" />
        </Link>
        {a.status === 'pending' && (
          <ApplicationDecisionButtons texts={texts} onRefuse={() => setRefusing(true)} onApprove={() => approve.mutate(undefined)} approving={approve.isPending} busy={busy} />
        )}
      </footer>
      <ReasonDialog
        open={refusing}
        title={texts.refuseTitle}
        description={texts.refuseDescription(a.store.name)}
        hint={texts.refuseHint}
        confirmLabel={texts.confirmRefuse}
        busy={refuse.isPending}
        onConfirm={(reason) => refuse.mutate(reason)}
        onCancel={() => setRefusing(false)}
      />
    </Card>
  );
}
