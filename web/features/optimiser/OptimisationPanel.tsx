// The optimiser on screen: both views computed on the server (best prices, nearest store), side by
// side on wide screens and one at a time on phones, each shown store by store (subtotal, delivery
// fee) with a store switch per item, the comparison summary, "Ajouter au panier" (which first names
// the items the view leaves out), and the spec's error messages with a retry button. Items bought
// on a price older than TRUST.staleAfterDays are marked "à confirmer", with a note in their view.
// Offline, nothing that needs the server can be started: the buttons say so.
import { AlertTriangle, Clock, MapPin, RefreshCw, ShoppingCart, Store, Tag, Trophy } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CartRef } from '#contract/checkout';
import { formatNumber, formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import type { Alternative, OptimizedItem, Optimization, ViewType } from '#contract/optimiser';
import { TRUST } from '#contract/prices';
import { ApiError, errorMessage } from '../../lib/api';
import { useLastOptimisation } from '../../lib/offline/last-optimisation';
import { notifyError, notifySuccess } from '../../lib/notify';
import { isOnline, useOnline } from '../../lib/use-online';
import { Button, buttonClasses } from '../../ui/Button';
import { Money } from '../../ui/Money';
import { OfflineNote } from '../../ui/OfflineNote';
import { SavedDataNote } from '../../ui/SavedDataNote';
import { StaleBadge, staleItemsNote } from '../../ui/PriceFreshness';
import { Spinner } from '../../ui/Spinner';
import { cartPayload, cartRef, createCart, optimiserErrorMessage, optimize, switchStore } from './optimiser-api';
import { useUserPosition } from './position';
import { ComparisonSummary, Coverage } from './ComparisonSummary';
import { LeftOutDialog, leftOutItems } from './LeftOutDialog';
import { PlanByStore } from './PlanByStore';
import { PlanTotals } from './PlanTotals';

export type BasketLine = { product_id: string | null; product_name: string; quantity: number };

type Views = Record<ViewType, Optimization>;
/** savedAt: shown offline, the list's last optimisation kept on this device, computed then. */
type RunState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; views: Views; savedAt?: number };

const VIEWS: ViewType[] = ['best_prices', 'nearest_store'];

type OptimisationPanelProps = {
  lines: BasketLine[];
  /** The saved list optimised (when there is one) and its name: booking keeps its left-out items on a new list. */
  list?: { id: string; name: string } | null;
  onCart: (cart: CartRef) => void;
};

export function OptimisationPanel({ lines, list = null, onCart }: OptimisationPanelProps) {
  const listId = list?.id ?? null;
  const position = useUserPosition();
  const [state, setState] = useState<RunState>({ status: 'loading' });
  const [mobileView, setMobileView] = useState<ViewType>('best_prices');
  const [switching, setSwitching] = useState<string | null>(null);
  const [adding, setAdding] = useState<ViewType | null>(null);
  /** The view whose left-out items the user is asked about before it goes into the cart. */
  const [confirming, setConfirming] = useState<ViewType | null>(null);
  const online = useOnline();
  const { remember, recall } = useLastOptimisation<Views>(listId);
  const offlineNoteId = useId();
  const linesRef = useRef(lines);
  linesRef.current = lines;

  const run = useCallback(async () => {
    if (position.status === 'locating') return;
    setState({ status: 'loading' });
    const coords = position.status === 'ready' ? { user_latitude: position.latitude, user_longitude: position.longitude } : {};
    const items = linesRef.current.map((l) => ({ product_id: l.product_id, product_name: l.product_name, quantity: l.quantity }));
    try {
      const [best, nearest] = await Promise.all(VIEWS.map((view_type) => optimize({ items, ...coords, view_type, shopping_list_id: listId, preferences: { max_stores: 3, preferred_stores: [] } })));
      const views = { best_prices: best.optimization, nearest_store: nearest.optimization };
      setState({ status: 'done', views });
      remember(views);
    } catch (error) {
      const saved = !isOnline() || (error instanceof ApiError && error.status === 0) ? recall() : null;
      setState(saved ? { status: 'done', views: saved.result, savedAt: saved.computedAt } : { status: 'error', message: optimiserErrorMessage(error) });
    }
  }, [position, listId, remember, recall]);

  useEffect(() => {
    void run();
  }, [run]);

  // Back online after showing the kept optimisation: compute it afresh.
  const showsSaved = state.status === 'done' && state.savedAt !== undefined;
  useEffect(() => {
    if (online && showsSaved) void run();
  }, [online, showsSaved, run]);

  const onSwitch = async (view: ViewType, index: number, storeId: string) => {
    if (state.status !== 'done') return;
    setSwitching(`${view}-${index}`);
    try {
      const { optimization } = await switchStore(state.views[view].cart_id, index, storeId);
      setState({ status: 'done', views: { ...state.views, [view]: optimization } });
      notifySuccess(fr.optimiserUi.switched);
    } catch {
      notifyError(fr.optimiser.switchError);
    } finally {
      setSwitching(null);
    }
  };

  const onAddToCart = (view: ViewType) => {
    if (state.status !== 'done') return;
    if (leftOutItems(state.views[view].items).length > 0) return setConfirming(view);
    void addToCart(view);
  };

  /** Back to the view, on the switch of its first left-out item that some store sells. */
  const chooseAnotherStore = (view: ViewType) => {
    setConfirming(null);
    if (state.status !== 'done') return;
    const item = leftOutItems(state.views[view].items).find((i) => i.alternatives.length > 0);
    if (!item) return;
    setMobileView(view);
    // After the dialog gives focus back to its opener.
    requestAnimationFrame(() => {
      const select = document.getElementById(switchId(view, item.original_index));
      select?.scrollIntoView({ block: 'center' });
      select?.focus();
    });
  };

  const addToCart = async (view: ViewType) => {
    setConfirming(null);
    if (state.status !== 'done') return;
    const payload = cartPayload(state.views[view], listId);
    if (!payload) return notifyError(fr.optimiser.noItemsForCart);
    setAdding(view);
    try {
      const result = await createCart(payload);
      notifySuccess(fr.optimiserUi.addedToCart);
      onCart(cartRef(result, view, listId));
    } catch (error) {
      notifyError(fr.optimiser.cartError(errorMessage(error, fr.common.unknownError).replace(/^Erreur lors de l'ajout au panier: /, '')));
    } finally {
      setAdding(null);
    }
  };

  if (state.status === 'loading' || position.status === 'locating') {
    return (
      <div className="flex min-h-48 flex-col items-center justify-center gap-3 text-slate-500" role="status">
        <Spinner size={32} className="text-brand-700" />
        <span className="text-sm">{fr.optimiserUi.optimising}</span>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-rose-200 bg-rose-50 px-4 py-8 text-center" role="alert">
        <AlertTriangle className="text-rose-600" size={28} aria-hidden="true" />
        <p className="font-medium text-rose-800">{state.message}</p>
        <Button variant="outline" onClick={() => void run()} disabled={!online} aria-describedby={online ? undefined : offlineNoteId} icon={<RefreshCw size={16} aria-hidden="true" />}>
          {fr.common.retry}
        </Button>
        {!online && <OfflineNote id={offlineNoteId} />}
      </div>
    );
  }

  const { views } = state;
  if (views.best_prices.priced_count === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center">
        <Tag className="text-slate-400" size={28} aria-hidden="true" />
        <p className="text-lg font-semibold text-slate-900">{fr.optimiser.noPrice}</p>
        <p className="max-w-md text-sm text-slate-600">{fr.optimiserUi.noPriceHint}</p>
        <Link to="/contribute" className={buttonClasses({ variant: 'secondary' })}>
          {fr.optimiserUi.contribute}
        </Link>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {state.savedAt !== undefined && <SavedDataNote fetchedAt={state.savedAt} text={fr.offline.optimisationSnapshot} />}
      <ComparisonSummary views={views} />
      <p className="flex items-center gap-1.5 text-xs text-slate-500">
        <MapPin size={14} aria-hidden="true" />
        {views.best_prices.user_position.fallback ? fr.optimiserUi.positionFallback : fr.optimiserUi.positionUsed}
      </p>
      <div className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 lg:hidden" role="group" aria-label={fr.optimiserUi.mobileViewSwitch}>
        {VIEWS.map((view) => (
          <button
            key={view}
            type="button"
            aria-pressed={mobileView === view}
            onClick={() => setMobileView(view)}
            className={`rounded-lg px-2 py-2 text-sm font-medium ${mobileView === view ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600'}`}
          >
            {view === 'best_prices' ? fr.optimiserUi.bestPrices : fr.optimiserUi.nearestStore}
          </button>
        ))}
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {VIEWS.map((view) => (
          <ViewColumn
            key={view}
            view={views[view]}
            hiddenOnMobile={mobileView !== view}
            switching={switching}
            adding={adding === view}
            online={online}
            onSwitch={(index, storeId) => void onSwitch(view, index, storeId)}
            onAddToCart={() => onAddToCart(view)}
          />
        ))}
      </div>
      {confirming && (
        <LeftOutDialog
          items={leftOutItems(views[confirming].items)}
          maxStores={views[confirming].max_stores}
          listName={list?.name ?? null}
          onConfirm={() => void addToCart(confirming)}
          onChooseStore={leftOutItems(views[confirming].items).some((i) => i.alternatives.length > 0) ? () => chooseAnotherStore(confirming) : undefined}
          onCancel={() => setConfirming(null)}
        />
      )}
    </div>
  );
}

const switchId = (view: ViewType, originalIndex: number) => `switch-${view}-${originalIndex}`;

type ViewColumnProps = {
  view: Optimization;
  hiddenOnMobile: boolean;
  switching: string | null;
  adding: boolean;
  online: boolean;
  onSwitch: (index: number, storeId: string) => void;
  onAddToCart: () => void;
};

function ViewColumn({ view, hiddenOnMobile, switching, adding, online, onSwitch, onAddToCart }: ViewColumnProps) {
  const best = view.view_type === 'best_prices';
  const title = best ? fr.optimiserUi.bestPrices : fr.optimiserUi.nearestStore;
  const unpriced = view.items.filter((i) => i.status === 'unpriced').length;
  const missing = view.items.filter((i) => i.status === 'unavailable_at_nearest' || i.status === 'not_obtainable').length;
  const staleNote = staleItemsNote(view.stale_count);
  const offlineNoteId = useId();
  return (
    <section aria-label={title} className={`min-w-0 flex-col rounded-2xl border border-slate-200 bg-white shadow-sm ${hiddenOnMobile ? 'hidden lg:flex' : 'flex'}`}>
      <header className="flex items-start justify-between gap-3 border-b border-slate-100 p-4">
        <div className="min-w-0">
          <h3 className="flex items-center gap-2 font-semibold text-slate-900">
            {best ? <Trophy size={18} className="text-sun-400" aria-hidden="true" /> : <Store size={18} className="text-ocean-600" aria-hidden="true" />}
            {title}
          </h3>
          <p className="text-xs text-slate-500">
            {best ? fr.optimiserUi.bestPricesHint(view.max_stores) : view.nearest_store ? `${view.nearest_store.store_name} · ${fr.optimiserUi.distanceKm(formatNumber(view.nearest_store.distance))}` : fr.optimiserUi.nearestStoreHint}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-0.5">
          <Money amount={view.total_cost} className="text-xl font-bold whitespace-nowrap text-slate-900" />
          <Coverage bought={view.covered_count} total={view.items.length} missing={missing} tone="dark" />
        </div>
      </header>
      {staleNote && (
        <div className="flex items-start gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-amber-900" role="note" data-testid={`stale-note-${view.view_type}`}>
          <Clock size={16} className="mt-0.5 shrink-0" aria-hidden="true" />
          <p className="text-sm">
            <span className="font-semibold">{staleNote}</span>
            <span className="block text-xs text-amber-800">{fr.trustUi.staleItemsHint(TRUST.staleAfterDays)}</span>
          </p>
        </div>
      )}
      <PlanByStore
        stores={view.stores_involved}
        items={view.items}
        storeIdOf={(item) => (item.status === 'priced' ? item.selected_store_id : null)}
        renderItem={(item, index) => (
          <ItemRow
            key={`${item.original_index}-${item.product_name}`}
            item={item}
            view={view}
            busy={switching === `${view.view_type}-${index}`}
            online={online}
            onSwitch={(storeId) => onSwitch(index, storeId)}
          />
        )}
      />
      <div className="mt-auto space-y-3 border-t border-slate-100 p-4">
        <PlanTotals itemsCost={view.total_items_cost} deliveryFee={view.delivery_fee} storeCount={view.store_count} total={view.total_cost} totalTestId={`total-${view.view_type}`} />
        {unpriced > 0 && <p className="text-xs text-amber-700">{fr.optimiserUi.manualPriceNeeded(unpriced)}</p>}
        <Button
          block
          onClick={onAddToCart}
          busy={adding}
          busyLabel={fr.optimiserUi.addingToCart}
          disabled={!online}
          aria-describedby={online ? undefined : offlineNoteId}
          icon={<ShoppingCart size={18} aria-hidden="true" />}
        >
          {fr.optimiserUi.addToCart}
        </Button>
        {!online && <OfflineNote id={offlineNoteId} />}
      </div>
    </section>
  );
}

/** "Géant CKdo — 4 700 FCFA · 2,1 km · à confirmer" (an option's text, so no markup). */
function alternativeLabel(a: Alternative): string {
  return [`${a.store_name} — ${formatXaf(a.price)}`, a.distance !== null ? fr.optimiserUi.distanceKm(formatNumber(a.distance)) : null, a.stale ? fr.trustUi.stale : null]
    .filter(Boolean)
    .join(' · ');
}

function ItemRow({ item, view, busy, online, onSwitch }: { item: OptimizedItem; view: Optimization; busy: boolean; online: boolean; onSwitch: (storeId: string) => void }) {
  const note =
    item.status === 'unpriced'
      ? fr.optimiserUi.unpriced
      : item.status === 'not_obtainable'
        ? fr.optimiserUi.notObtainable(view.max_stores)
        : item.status === 'unavailable_at_nearest'
          ? fr.optimiserUi.unavailableAtNearest(item.nearest_store_name ?? '')
          : null;
  return (
    <li className="space-y-2 px-4 py-3" data-testid="optimised-item">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {item.product_name} <span className="text-sm font-normal text-slate-500">×{item.quantity}</span>
          </p>
          {item.status === 'priced' ? (
            <p className="text-xs text-slate-500">
              {/* The store's distance is in its group's header. */}
              {fr.optimiserUi.at(item.selected_store_name ?? '')}
              {item.unit_price !== null && item.quantity > 1 ? ` · ${fr.optimiserUi.unitPrice(formatXaf(item.unit_price), item.quantity)}` : ''}
              {item.switched && <span className="ml-1 rounded bg-sky-50 px-1 font-medium text-sky-800">{fr.optimiserUi.switched}</span>}
            </p>
          ) : (
            <p className={`text-xs ${item.status === 'unpriced' ? 'text-slate-500' : 'text-amber-700'}`}>{note}</p>
          )}
          {item.status === 'priced' && item.stale_price && (
            <span className="mt-1 block">
              <StaleBadge />
            </span>
          )}
        </div>
        {item.total_price !== null && item.status === 'priced' ? <Money amount={item.total_price} className="shrink-0 font-semibold" /> : <span className="shrink-0 text-sm text-slate-400">—</span>}
      </div>
      {item.alternatives.length > 0 && (
        <div className="flex items-center gap-2">
          <label className="sr-only" htmlFor={switchId(view.view_type, item.original_index)}>
            {fr.optimiserUi.switchFor(item.product_name)}
          </label>
          <select
            id={switchId(view.view_type, item.original_index)}
            value={item.status === 'priced' ? (item.selected_store_id ?? '') : ''}
            disabled={busy || !online}
            title={online ? undefined : fr.offline.needsConnection}
            onChange={(e) => e.target.value && onSwitch(e.target.value)}
            className="h-9 w-full min-w-0 flex-1 truncate rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-700 focus:border-brand-600 focus:outline-none"
          >
            {item.status !== 'priced' && <option value="">{fr.optimiserUi.soldAt}</option>}
            {item.alternatives.map((a) => (
              <option key={a.store_id} value={a.store_id}>
                {alternativeLabel(a)}
              </option>
            ))}
          </select>
          {busy && <Spinner size={16} className="text-slate-400" />}
        </div>
      )}
    </li>
  );
}
