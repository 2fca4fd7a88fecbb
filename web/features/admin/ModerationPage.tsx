// /admin: the queues — prices held at submission, published prices flagged, product edits proposed
// by non-owners, delivery agents' applications, merchant accounts' applications, merchants' ads and
// the labels till receipts taught — with their counts. The open queue is kept in
// the address (?file=). Refunds that failed are pointed out above them (followed up in Commandes).
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Bike, ChevronRight, Flag, Hourglass, Megaphone, PencilLine, ReceiptText, Store } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { fr } from '#contract/messages';
import { PageHeader } from '../../ui/Card';
import { queueCountsQuery } from './admin-api';
import { adminAdsQuery } from './admin-ads-api';
import { AdReviewQueue } from './AdReviewQueue';
import { AgentApplicationQueue } from './AgentApplicationQueue';
import { MerchantApplicationQueue } from './MerchantApplicationQueue';
import { ObservationQueue } from './ObservationQueue';
import { QueueTabs, type QueueTab } from './QueueTabs';
import { ReceiptLabelQueue } from './ReceiptLabelQueue';
import { SuggestionQueue } from './SuggestionQueue';

const QUEUES = ['held', 'flagged', 'suggestions', 'agents', 'commercants', 'annonces', 'libelles'] as const;
type QueueKey = (typeof QUEUES)[number];
const COUNTS_POLL_MS = 60_000;

const texts = fr.adminUi;
const isQueue = (value: string | null): value is QueueKey => QUEUES.includes(value as QueueKey);

export function ModerationPage() {
  const [params, setParams] = useSearchParams();
  const file = params.get('file');
  const active: QueueKey = isQueue(file) ? file : 'held';
  const { data: counts } = useQuery({ ...queueCountsQuery, refetchInterval: COUNTS_POLL_MS });
  const { data: adsWaiting } = useQuery({ ...adminAdsQuery('awaiting_review', 1), refetchInterval: COUNTS_POLL_MS });

  const tabs: QueueTab<QueueKey>[] = [
    { key: 'held', label: texts.tabs.held, count: counts?.held ?? null, icon: <Hourglass size={16} /> },
    { key: 'flagged', label: texts.tabs.flagged, count: counts?.flagged ?? null, icon: <Flag size={16} /> },
    { key: 'suggestions', label: texts.tabs.suggestions, count: counts?.suggestions ?? null, icon: <PencilLine size={16} /> },
    { key: 'agents', label: fr.agentVetting.admin.tab, count: counts?.agent_applications ?? null, icon: <Bike size={16} /> },
    { key: 'commercants', label: fr.merchantsUi.admin.tab, count: counts?.merchant_applications ?? null, icon: <Store size={16} /> },
    { key: 'annonces', label: fr.adsUi.admin.tab, count: adsWaiting?.total ?? null, icon: <Megaphone size={16} /> },
    { key: 'libelles', label: fr.receiptsUi.admin.tab, count: counts?.receipt_labels ?? null, icon: <ReceiptText size={16} /> },
  ];

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={texts.queueTitle} subtitle={texts.queueSubtitle} />
      {!!counts?.failed_refunds && (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-rose-200 bg-rose-50 p-3 text-sm text-rose-900" role="status" data-testid="failed-refunds-alert">
          <p className="flex items-start gap-2 font-medium">
            <AlertTriangle size={16} className="mt-0.5 shrink-0" aria-hidden="true" />
            {texts.orders.failedRefundsAlert(counts.failed_refunds)}
          </p>
          <Link to="/admin/orders?filtre=remboursements" className="inline-flex items-center gap-0.5 font-semibold text-rose-800 hover:underline">
            {texts.orders.seeFailedRefunds}
            <ChevronRight size={15} aria-hidden="true" />
          </Link>
        </div>
      )}
      {!!counts?.locked_handovers && (
        <p className="mb-4 flex items-start gap-2 rounded-2xl border border-amber-200 bg-amber-50 p-3 text-sm font-medium text-amber-900" role="status" data-testid="locked-handovers-alert">
          <AlertTriangle size={16} className="mt-0.5 shrink-0" aria-hidden="true" />
          {fr.handover.lockedCount(counts.locked_handovers)}
        </p>
      )}
      <QueueTabs tabs={tabs} active={active} onChange={(key) => setParams(key === 'held' ? {} : { file: key }, { replace: true })} label={texts.queuesLabel}>
        {active === 'libelles' ? <ReceiptLabelQueue /> : active === 'annonces' ? <AdReviewQueue /> : active === 'commercants' ? <MerchantApplicationQueue /> : active === 'agents' ? <AgentApplicationQueue /> : active === 'suggestions' ? <SuggestionQueue /> : <ObservationQueue key={active} status={active} />}
      </QueueTabs>
    </div>
  );
}
