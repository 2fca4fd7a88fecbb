// /demo-optimization (public): a fixed basket of four items in four Libreville shops, computed by
// the real optimiser on the server: best prices 4700, nearest store 4850, each shown store by store
// (subtotal, delivery fee). Adding to the cart only shows a message; the store lists are shown, not
// switchable.
import { useQuery } from '@tanstack/react-query';
import { Eye, EyeOff, MapPin, ShoppingCart, Store, Trophy } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { formatNumber, formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import type { DemoItem, DemoView } from '#contract/optimiser';
import { notifyInfo } from '../../lib/notify';
import { Button, buttonClasses } from '../../ui/Button';
import { PageHeader } from '../../ui/Card';
import { Money } from '../../ui/Money';
import { PageLoader } from '../../ui/Spinner';
import { demoQuery } from './optimiser-api';
import { PlanByStore } from './PlanByStore';
import { PlanTotals } from './PlanTotals';
import { LoadError } from '../../ui/LoadError';

export function DemoOptimizationPage() {
  const { data, isError, refetch } = useQuery(demoQuery);
  // The plans are rendered in slices (a deferred value), not in one long task as they arrive.
  const demo = useDeferredValue(data);
  const [shown, setShown] = useState(true);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageHeader
        title={fr.optimiserUi.demoTitle}
        subtitle={fr.optimiserUi.demoSubtitle}
        actions={
          <Button variant="outline" onClick={() => setShown((v) => !v)} icon={shown ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />} aria-pressed={shown}>
            {shown ? fr.optimiserUi.hideOptimisation : fr.optimiserUi.showOptimisation}
          </Button>
        }
      />
      {isError && !demo ? (
        <LoadError message={fr.optimiser.other} onRetry={() => void refetch()} />
      ) : !demo ? (
        // The height the plans take, so that the footer does not jump down when they arrive.
        <div className="min-h-dvh">
          <PageLoader />
        </div>
      ) : (
        <div className="space-y-5">
          {shown && (
            <section aria-label={fr.optimiserUi.comparison} className="grid grid-cols-1 gap-3 rounded-2xl bg-gradient-to-br from-brand-700 to-brand-600 p-4 text-white sm:grid-cols-3">
              <div>
                <p className="text-xs uppercase tracking-wide text-white/75">{fr.optimiserUi.bestPrices}</p>
                <p className="text-2xl font-bold tabular-nums" data-testid="demo-best-total">
                  {formatXaf(demo.best_prices.total_cost)}
                </p>
              </div>
              <div>
                <p className="text-xs uppercase tracking-wide text-white/75">{fr.optimiserUi.nearestStore}</p>
                <p className="text-2xl font-bold tabular-nums" data-testid="demo-nearest-total">
                  {formatXaf(demo.nearest_store.total_cost)}
                </p>
              </div>
              <div>
                <p className="text-xs uppercase tracking-wide text-white/75">{fr.optimiserUi.difference}</p>
                <p className="text-2xl font-bold tabular-nums" data-testid="demo-difference">
                  {formatXaf(demo.difference)}
                </p>
              </div>
              <p className="text-sm text-white/90 sm:col-span-3">{demo.difference > 0 ? fr.optimiserUi.youSave(formatXaf(demo.difference)) : fr.optimiserUi.noDifference}</p>
            </section>
          )}
          <div className={`grid gap-4 ${shown ? 'lg:grid-cols-2' : ''}`}>
            {shown && <DemoColumn title={fr.optimiserUi.bestPrices} hint={fr.optimiserUi.bestPricesHint(3)} view={demo.best_prices} best />}
            <DemoColumn
              title={fr.optimiserUi.nearestStore}
              hint={demo.nearest_store.store_name ? `${demo.nearest_store.store_name} · ${fr.optimiserUi.distanceKm(formatNumber(demo.nearest_store.distance ?? 0))}` : fr.optimiserUi.nearestStoreHint}
              view={demo.nearest_store}
            />
          </div>
          <div className="text-center">
            <Link to="/login" className={buttonClasses({ variant: 'secondary' })}>
              {fr.optimiserUi.demoLogin}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}

function DemoColumn({ title, hint, view, best = false }: { title: string; hint: string; view: DemoView; best?: boolean }) {
  return (
    <section aria-label={title} className="flex flex-col rounded-2xl border border-slate-200 bg-white shadow-sm">
      <header className="flex items-start justify-between gap-3 border-b border-slate-100 p-4">
        <div className="min-w-0">
          <h2 className="flex items-center gap-2 font-semibold text-slate-900">
            {best ? <Trophy size={18} className="text-sun-400" aria-hidden="true" /> : <Store size={18} className="text-ocean-600" aria-hidden="true" />}
            {title}
          </h2>
          <p className="text-xs text-slate-500">{hint}</p>
        </div>
        <Money amount={view.total_cost} className="shrink-0 text-xl font-bold" />
      </header>
      <PlanByStore stores={view.stores} items={view.items} storeIdOf={(item) => item.selected_store_id} renderItem={(item) => <DemoRow key={item.product_id} item={item} />} />
      <div className="mt-auto space-y-3 border-t border-slate-100 p-4">
        <PlanTotals itemsCost={view.total_items_cost} deliveryFee={view.delivery_fee} storeCount={view.stores_involved.length} total={view.total_cost} />
        <Button block onClick={() => notifyInfo(fr.optimiserUi.demoAddToCartAlert)} icon={<ShoppingCart size={18} aria-hidden="true" />}>
          {fr.optimiserUi.addToCart}
        </Button>
      </div>
    </section>
  );
}

function DemoRow({ item }: { item: DemoItem }) {
  return (
    <li className="flex items-start justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {item.product_name} <span className="text-sm font-normal text-slate-500">×{item.quantity}</span>
        </p>
        <p className="flex items-center gap-1 text-xs text-slate-500">
          {item.selected_store_name && <MapPin size={12} aria-hidden="true" />}
          {item.selected_store_name ? fr.optimiserUi.at(item.selected_store_name) : fr.optimiserUi.unavailableAtNearest('')}
          {item.distance !== null ? ` · ${fr.optimiserUi.distanceKm(formatNumber(item.distance))}` : ''}
        </p>
        <p className="text-xs text-slate-500">{item.alternatives.map((a) => `${a.store_name} ${formatXaf(a.price)}`).join(' · ')}</p>
      </div>
      {item.total_price !== null ? <Money amount={item.total_price} className="shrink-0 font-semibold" /> : <span className="text-slate-400">—</span>}
    </li>
  );
}
