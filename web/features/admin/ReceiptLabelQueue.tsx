// The « Libellés de tickets » queue: what a chain's tickets print, mapped to a catalogue product by
// the shoppers who sent them. A label one voice proposed waits here; a moderator approves it (used
// at once for that chain's next receipts) or rejects it (never used). Learned ones — two
// established voices agreed — can still be checked and decided on.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '#contract/format';
import { fr } from '#contract/messages';
import { RECEIPT_LABEL_STATES, type ReceiptLabel, type ReceiptLabelDecision } from '#contract/receipts';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Card, EmptyState } from '../../ui/Card';
import { FilterChips } from '../../ui/FilterChips';
import { adminKeys } from './admin-api';
import { ApplicationDecisionButtons } from './ApplicationDecisionButtons';
import { QueueList } from './QueueList';
import { decideReceiptLabel, receiptLabelsQuery } from './receipt-labels-api';

type LabelState = ReceiptLabel['state'];

const texts = fr.receiptsUi.admin;
const TONE: Record<LabelState, BadgeTone> = { pending: 'amber', learned: 'sky', approved: 'green', rejected: 'rose' };
/** A moderator has not decided on these yet: the buttons are offered. */
const UNDECIDED: readonly LabelState[] = ['pending', 'learned'];

export function ReceiptLabelQueue() {
  const [state, setState] = useState<LabelState>('pending');
  const query = useQuery(receiptLabelsQuery(state));
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{texts.intro}</p>
      <FilterChips label={texts.queueLabel} options={RECEIPT_LABEL_STATES} selected={state} onSelect={setState}>
        {(key) => texts.filters[key]}
      </FilterChips>
      <QueueList
        query={query}
        label={texts.listLabel}
        keyOf={(label) => `${label.chain_key}|${label.label}|${label.product_id}`}
        empty={<EmptyState icon={<ReceiptText size={24} />} title={texts.empty[state]} text={state === 'pending' ? texts.emptyPendingText : undefined} />}
      >
        {(label) => <ReceiptLabelCard label={label} />}
      </QueueList>
    </div>
  );
}

function ReceiptLabelCard({ label: l }: { label: ReceiptLabel }) {
  const client = useQueryClient();
  const decide = useMutation({
    mutationFn: (decision: ReceiptLabelDecision['decision']) => decideReceiptLabel({ chain_key: l.chain_key, label: l.label, product_id: l.product_id, decision }),
    onSuccess: (_, decision) => notifySuccess(decision === 'approve' ? texts.approved : texts.rejected),
    onError: (error) => notifyError(errorMessage(error, fr.adminUi.actionError)),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
  return (
    <Card className="overflow-hidden" role="article" aria-label={texts.cardLabel(l.label.toUpperCase(), l.chain_key.toUpperCase())} data-testid="receipt-label-card">
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-slate-100 p-4">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{texts.chain}</p>
          <p className="font-semibold break-words text-slate-900 uppercase" data-testid="receipt-label-chain">
            {l.chain_key}
          </p>
        </div>
        <Badge tone={TONE[l.state]}>{texts.state[l.state]}</Badge>
      </header>
      <dl className="grid gap-x-4 gap-y-3 p-4 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{texts.label}</dt>
          <dd className="mt-1">
            {/* As the till prints it: monospace, and any length wraps rather than widening the card. */}
            <code className="block rounded-lg bg-slate-100 px-2 py-1 font-mono text-sm whitespace-pre-wrap text-slate-900 uppercase [overflow-wrap:anywhere]" data-testid="receipt-label-text">
              {l.label}
            </code>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{texts.product}</dt>
          <dd className="mt-1 font-medium break-words text-slate-800 [overflow-wrap:anywhere]" data-testid="receipt-label-product">
            {l.product_name}
          </dd>
        </div>
        <p className="text-slate-600 sm:col-span-2">
          <span className="font-semibold text-slate-800" data-testid="receipt-label-voices">
            {texts.voices(l.voices)}
          </span>
          {' · '}
          {texts.lastSeen(formatDateTime(l.last_seen_at))}
        </p>
      </dl>
      {UNDECIDED.includes(l.state) && (
        <footer className="flex flex-wrap items-center gap-2 border-t border-slate-100 bg-slate-50/60 p-3">
          <ApplicationDecisionButtons
            texts={texts}
            onRefuse={() => decide.mutate('reject')}
            onApprove={() => decide.mutate('approve')}
            approving={decide.isPending && decide.variables === 'approve'}
            busy={decide.isPending}
          />
        </footer>
      )}
    </Card>
  );
}
