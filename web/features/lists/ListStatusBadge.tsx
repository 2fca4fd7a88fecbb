import { listLock, listStatusLabel, type ShoppingList } from '#contract/lists';

const TONES = {
  active: 'bg-brand-50 text-brand-800 ring-brand-200',
  pending_delivery: 'bg-amber-50 text-amber-800 ring-amber-200',
  archived: 'bg-slate-100 text-slate-600 ring-slate-200',
} as const;

/** Active, 'En Attente de Livraison', or 'Archivée' (archived and cart-validated lists). */
export function ListStatusBadge({ list }: { list: Pick<ShoppingList, 'status' | 'cart_validated'> }) {
  const lock = listLock(list);
  const tone = lock === null ? TONES.active : lock === 'pending_delivery' ? TONES.pending_delivery : TONES.archived;
  return <span className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}>{listStatusLabel(list)}</span>;
}
