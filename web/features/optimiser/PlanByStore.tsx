// A plan shown store by store: each store's items under its name, distance and item count, closed
// by its subtotal and its delivery fee (from the API); the items the plan does not buy come last,
// under "Pas dans ce panier". Used by the optimiser's views and the public demo.
import { MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatNumber } from '#contract/format';
import { fr } from '#contract/messages';
import type { StoreSubtotal } from '#contract/optimiser';
import { Money } from '../../ui/Money';

type PlanByStoreProps<T> = {
  stores: readonly StoreSubtotal[];
  items: readonly T[];
  /** The store an item is bought at, or null when the plan leaves it out. */
  storeIdOf: (item: T) => string | null;
  /** One <li> per item; `index` is the item's position in `items`. */
  renderItem: (item: T, index: number) => ReactNode;
};

export function PlanByStore<T>({ stores, items, storeIdOf, renderItem }: PlanByStoreProps<T>) {
  const indexed = items.map((item, index) => ({ item, index, storeId: storeIdOf(item) }));
  const known = new Set(stores.map((s) => s.store_id));
  const leftOut = indexed.filter((entry) => !entry.storeId || !known.has(entry.storeId));
  return (
    <div className="divide-y divide-slate-200">
      {stores.map((store) => (
        <div key={store.store_id} role="group" aria-label={store.store_name} data-testid="store-group">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 bg-slate-50 px-4 py-2">
            <p className="min-w-0 font-semibold break-words text-slate-900 [overflow-wrap:anywhere]">{store.store_name}</p>
            <p className="flex items-center gap-1 text-xs text-slate-500">
              {store.distance !== null && (
                <>
                  <MapPin size={12} aria-hidden="true" />
                  {fr.optimiserUi.distanceKm(formatNumber(store.distance))} ·{' '}
                </>
              )}
              {fr.optimiserView.storeLine(store.item_count)}
            </p>
          </div>
          <ul className="divide-y divide-slate-100">{indexed.filter((entry) => entry.storeId === store.store_id).map(({ item, index }) => renderItem(item, index))}</ul>
          <dl className="flex flex-wrap justify-end gap-x-4 gap-y-0.5 border-t border-slate-100 px-4 py-2 text-sm text-slate-600" data-testid="store-subtotal">
            <div className="flex gap-1">
              <dt>{fr.optimiserView.subtotal}</dt>
              <dd className="font-semibold text-slate-900">
                <Money amount={store.subtotal} />
              </dd>
            </div>
            <div className="flex gap-1">
              <dt>{fr.optimiserView.storeDelivery}</dt>
              <dd className="font-semibold text-slate-900">{store.delivery_fee === 0 ? <span className="text-emerald-700">{fr.optimiserView.storeDeliveryFree}</span> : <Money amount={store.delivery_fee} />}</dd>
            </div>
          </dl>
        </div>
      ))}
      {leftOut.length > 0 && (
        <div role="group" aria-label={fr.optimiserView.leftOutGroup} data-testid="left-out-group">
          <p className="bg-amber-50 px-4 py-2 font-semibold text-amber-900">{fr.optimiserView.leftOutGroup}</p>
          <ul className="divide-y divide-slate-100">{leftOut.map(({ item, index }) => renderItem(item, index))}</ul>
        </div>
      )}
    </div>
  );
}
