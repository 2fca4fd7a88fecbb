// What is due at the door, from the payment's state — the one sentence the agent's order views and
// the customer's delivery card show (never the order total as an amount to collect).
import { AlertTriangle, Banknote, CheckCircle2, Clock, RotateCcw, XCircle } from 'lucide-react';
import type { AmountDue, PaymentState } from '#contract/amount-due';
import { formatXaf } from '#contract/format';
import { fr } from '#contract/messages';

type Audience = 'agent' | 'customer';

const LOOK: Record<PaymentState, { Icon: typeof Banknote; tone: string }> = {
  cash_due: { Icon: Banknote, tone: 'bg-amber-50 text-amber-950 ring-amber-300' },
  paid_cash: { Icon: CheckCircle2, tone: 'bg-brand-50 text-brand-900 ring-brand-200' },
  paid_online: { Icon: CheckCircle2, tone: 'bg-brand-50 text-brand-900 ring-brand-200' },
  payment_pending: { Icon: Clock, tone: 'bg-sky-50 text-sky-900 ring-sky-200' },
  payment_failed: { Icon: XCircle, tone: 'bg-rose-50 text-rose-900 ring-rose-200' },
  refund_pending: { Icon: RotateCcw, tone: 'bg-amber-50 text-amber-900 ring-amber-200' },
  refunded: { Icon: RotateCcw, tone: 'bg-slate-50 text-slate-800 ring-slate-200' },
  refund_failed: { Icon: AlertTriangle, tone: 'bg-rose-50 text-rose-900 ring-rose-200' },
  cancelled: { Icon: XCircle, tone: 'bg-slate-50 text-slate-700 ring-slate-200' },
};

/** « À encaisser : 22 550 FCFA en espèces », « Déjà payé (Airtel Money) — rien à encaisser »… */
export function amountDueSentence(due: AmountDue, audience: Audience): string {
  const texts = fr.amountDue[audience];
  switch (due.payment_state) {
    case 'cash_due':
      return texts.cash_due(formatXaf(due.amount_due_at_door_xaf));
    case 'paid_online':
      return texts.paid_online(due.payment_method);
    default:
      return texts[due.payment_state];
  }
}

export function AmountDueAtDoor({ due, audience, className = '' }: { due: AmountDue; audience: Audience; className?: string }) {
  // An answer saved offline before these fields existed says nothing rather than guessing.
  if (!(due.payment_state in LOOK)) return null;
  const { Icon, tone } = LOOK[due.payment_state];
  return (
    <p
      className={`flex items-start gap-2 rounded-lg px-2.5 py-1.5 text-sm font-semibold ring-1 ring-inset ${tone} ${className}`}
      data-testid="amount-due"
      data-state={due.payment_state}
    >
      <Icon size={16} className="mt-0.5 shrink-0" aria-hidden="true" />
      <span className="min-w-0 tabular-nums">{amountDueSentence(due, audience)}</span>
    </p>
  );
}
