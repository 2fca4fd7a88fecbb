import { orderStatusLabel } from '#contract/orders';

const TONES: Record<string, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  confirmed: 'bg-brand-50 text-brand-800 ring-brand-200',
  in_progress: 'bg-sky-50 text-sky-800 ring-sky-200',
  picked_up: 'bg-sky-50 text-sky-800 ring-sky-200',
  en_route: 'bg-violet-50 text-violet-800 ring-violet-200',
  delivered: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  cancelled: 'bg-rose-50 text-rose-800 ring-rose-200',
};

export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[status] ?? 'bg-slate-100 text-slate-700 ring-slate-200'}`} data-testid="order-status">
      {orderStatusLabel(status)}
    </span>
  );
}
