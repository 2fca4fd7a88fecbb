// /price-comparison: the three-step comparator. 1. choose products (catalogue search, a list
// received through router state { list }, or one imported through the modal: a saved list or a
// document, the document flow being the lists feature's, provided by the app as
// `renderDocumentImport`); 2. optimise; 3. book the delivery (provided by the app as `renderCheckout`).
// The step is in the address (?etape=2) and the rest in sessionStorage (comparator-state.ts), so a
// reload keeps the step and its items, and Back goes to the previous step.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ClipboardList, FileText, ListChecks, Lock, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { CartRef } from '#contract/checkout';
import { formatDate } from '#contract/format';
import type { ExtractedItem } from '#contract/imports';
import { foldName, listLock, type ProductSuggestion, type ShoppingList } from '#contract/lists';
import { fr } from '#contract/messages';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { useOnline } from '../../lib/use-online';
import { Button } from '../../ui/Button';
import { Card, PageHeader } from '../../ui/Card';
import { Modal } from '../../ui/Modal';
import { OfflineNote } from '../../ui/OfflineNote';
import { QuantityStepper } from '../../ui/QuantityStepper';
import { ProductSearchCombobox } from '../../ui/ProductSearchCombobox';
import { Spinner } from '../../ui/Spinner';
import { Steps } from '../../ui/Steps';
import { Tabs } from '../../ui/Tabs';
import { allowedStep, EMPTY_COMPARATOR, loadComparator, saveComparator, stepOf, type ComparatorLine as Line, type ComparatorState } from './comparator-state';
import { myListsQuery, searchProducts } from './optimiser-api';
import { OptimisationPanel } from './OptimisationPanel';
import type { CheckoutRenderer } from './PriceAnalysisModal';

/** The document import of the lists feature, plugged in by the app: it hands over the chosen items. */
export type DocumentImportRenderer = (props: { onAdd: (items: ExtractedItem[]) => void }) => ReactNode;
const toLines = (list: ShoppingList): Line[] => list.items.map((i) => ({ key: i.id, product_id: i.product_id, product_name: i.name, quantity: i.quantity }));
const searchFor = (step: number) => (step === 1 ? '' : `?etape=${step}`);

export function PriceComparisonPage({ renderCheckout, renderDocumentImport }: { renderCheckout?: CheckoutRenderer; renderDocumentImport?: DocumentImportRenderer }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const received = (location.state as { list?: ShoppingList } | null)?.list;
  const userId = useSession().user?.id ?? '';
  const [state, setState] = useState<ComparatorState>(() => (received ? { ...EMPTY_COMPARATOR, lines: toLines(received), list: { id: received.id, name: received.name } } : loadComparator(userId)));
  const { lines, list, cart, orderId } = state;
  const [importing, setImporting] = useState(false);
  const [run, setRun] = useState(0);
  const online = useOnline();
  const offlineNoteId = useId();
  const wanted = stepOf(params);
  const step = allowedStep(wanted, state);

  useEffect(() => saveComparator(userId, state), [userId, state]);
  useEffect(() => {
    // A list handed over through router state is taken once (a reload then reads the storage), and
    // an address asking for a step the state cannot show is corrected.
    if (received || step !== wanted) navigate({ search: searchFor(step) }, { replace: true, state: null });
    // Only on arrival: later, the step follows the user's own moves.
  }, []);
  useEffect(() => {
    // In braces: Chromium's scrollTo returns a promise, which React would take for a cleanup.
    window.scrollTo({ top: 0 });
  }, [step]);

  const setLines = (next: (current: Line[]) => Line[]) => setState((current) => ({ ...current, lines: next(current.lines) }));
  /** Forward pushes a history entry; back pops the entry of that step when it is the previous one. */
  const goTo = (to: 1 | 2 | 3) => {
    const from = (location.state as { from?: number } | null)?.from;
    if (to < step && from === to) return navigate(-1);
    navigate({ search: searchFor(to) }, { state: { from: step }, replace: to < step });
  };

  const addProduct = (p: ProductSuggestion) => {
    if (lines.some((l) => l.product_id === p.id || foldName(l.product_name) === foldName(p.name))) return notifyError(fr.lists.duplicateItem);
    setState((current) => ({ ...current, lines: [...current.lines, { key: p.id, product_id: p.id, product_name: p.name, quantity: 1 }], list: null }));
  };
  const importList = (picked: ShoppingList) => {
    setState((current) => ({ ...current, lines: toLines(picked), list: { id: picked.id, name: picked.name } }));
    setImporting(false);
    notifySuccess(fr.optimiserUi.listImported(picked.name));
  };
  /** Items read from a document join the selection; those already in it are skipped. */
  const importItems = (items: ExtractedItem[]) => {
    const next = [...lines];
    for (const item of items) {
      if (next.some((l) => (item.product_id && l.product_id === item.product_id) || foldName(l.product_name) === foldName(item.name))) continue;
      next.push({ key: item.product_id ?? `manual-${foldName(item.name)}`, product_id: item.product_id, product_name: item.name, quantity: item.quantity });
    }
    setState((current) => ({ ...current, lines: next, list: null }));
    setImporting(false);
    notifySuccess(fr.importsUi.addedToSelection(next.length - lines.length));
  };
  const goOptimise = () => {
    if (lines.length === 0) return notifyError(fr.optimiserUi.noItems);
    setState((current) => ({ ...current, cart: null, orderId: null }));
    setRun((n) => n + 1);
    goTo(2);
  };
  const onCart = (next: CartRef) => {
    if (!renderCheckout) return navigate('/delivery-booking', { state: next });
    setState((current) => ({ ...current, cart: next, orderId: null }));
    goTo(3);
  };
  const search = useCallback((q: string, signal: AbortSignal) => searchProducts(q, signal), []);

  return (
    <div className="space-y-5">
      <PageHeader title={fr.optimiserUi.title} subtitle={fr.optimiserUi.subtitle} />
      <Steps labels={fr.optimiserUi.steps} current={step} onBack={(to) => goTo(to as 1 | 2)} label={fr.optimiserUi.title} />
      <h2 className="text-lg font-semibold text-slate-900">{fr.optimiserUi.stepLabel(step, fr.optimiserUi.steps[step - 1])}</h2>

      {step === 1 && (
        <Card className="space-y-5 p-4 sm:p-5">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex-1">
              <ProductSearchCombobox search={search} onPick={addProduct} />
            </div>
            <Button variant="outline" onClick={() => setImporting(true)} icon={<ClipboardList size={16} aria-hidden="true" />}>
              {fr.optimiserUi.importList}
            </Button>
          </div>
          <div>
            <h3 className="mb-2 font-semibold">
              {fr.optimiserUi.selectedTitle} <span className="text-sm font-normal text-slate-500">({fr.listsUi.items(lines.length)})</span>
            </h3>
            {lines.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">{fr.optimiserUi.noItems}</p>
            ) : (
              <ul className="divide-y divide-slate-100" aria-label={fr.optimiserUi.selectedTitle}>
                {lines.map((line) => (
                  <li key={line.key} className="flex items-center gap-2 py-2.5">
                    <span className="min-w-0 flex-1 basis-0 font-medium text-slate-900">{line.product_name}</span>
                    <QuantityStepper
                      value={line.quantity}
                      label={`${fr.listsUi.quantity} ${line.product_name}`}
                      decreaseLabel={fr.listsUi.decrease(line.product_name)}
                      increaseLabel={fr.listsUi.increase(line.product_name)}
                      onChange={(q) => setLines((all) => all.map((l) => (l.key === line.key ? { ...l, quantity: q } : l)))}
                      onRemove={() => setLines((all) => all.filter((l) => l.key !== line.key))}
                    />
                    <button type="button" onClick={() => setLines((all) => all.filter((l) => l.key !== line.key))} className="rounded-lg p-2 text-rose-600 hover:bg-rose-50" aria-label={fr.listsUi.remove(line.product_name)}>
                      <Trash2 size={18} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="flex flex-col items-end gap-2">
            <Button size="lg" onClick={goOptimise} disabled={lines.length === 0 || !online} aria-describedby={online ? undefined : offlineNoteId}>
              {fr.optimiserUi.optimise}
            </Button>
            {!online && <OfflineNote id={offlineNoteId} />}
          </div>
        </Card>
      )}

      {step === 2 && (
        <div className="space-y-3">
          <BackLink label={fr.optimiserUi.backToSelection} onClick={() => goTo(1)} />
          <OptimisationPanel key={run} lines={lines} list={list} onCart={onCart} />
        </div>
      )}

      {step === 3 && cart && renderCheckout && (
        <div className="space-y-3">
          <BackLink label={fr.optimiserUi.backToOptimisation} onClick={() => goTo(2)} />
          <Card key={cart.cart_id} className="p-4 sm:p-5">
            {renderCheckout({ cart, onBooked: () => undefined, orderId, onOrderCreated: (id) => setState((current) => ({ ...current, orderId: id })) })}
          </Card>
        </div>
      )}

      <ImportListModal open={importing} onClose={() => setImporting(false)} onPick={importList} renderDocumentImport={renderDocumentImport} onImportItems={importItems} />
    </div>
  );
}

function BackLink({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft size={16} aria-hidden="true" /> {label}
    </button>
  );
}

type ImportListModalProps = {
  open: boolean;
  onClose: () => void;
  onPick: (list: ShoppingList) => void;
  renderDocumentImport?: DocumentImportRenderer;
  onImportItems: (items: ExtractedItem[]) => void;
};

function ImportListModal({ open, onClose, onPick, renderDocumentImport, onImportItems }: ImportListModalProps) {
  const [tab, setTab] = useState<'lists' | 'document'>('lists');
  const lists = <SavedLists open={open} onPick={onPick} />;
  return (
    <Modal open={open} title={fr.optimiserUi.importListTitle} onClose={onClose} size={renderDocumentImport ? 'lg' : 'md'}>
      {renderDocumentImport ? (
        <Tabs<'lists' | 'document'>
          label={fr.optimiserUi.importListTitle}
          active={tab}
          onChange={setTab}
          items={[
            { key: 'lists', label: fr.importsUi.tabLists, icon: <ListChecks size={16} aria-hidden="true" /> },
            { key: 'document', label: fr.importsUi.tabDocument, icon: <FileText size={16} aria-hidden="true" /> },
          ]}
        >
          {tab === 'lists' ? lists : renderDocumentImport({ onAdd: onImportItems })}
        </Tabs>
      ) : (
        lists
      )}
    </Modal>
  );
}

function SavedLists({ open, onPick }: { open: boolean; onPick: (list: ShoppingList) => void }) {
  // Read afresh at each opening: a list booked a moment ago must show as waiting for its delivery.
  const { data: lists, isPending, isError } = useQuery({ ...myListsQuery, enabled: open, staleTime: 0, refetchOnMount: 'always' });
  if (isPending)
    return (
      <div className="flex justify-center py-6">
        <Spinner className="text-brand-700" />
      </div>
    );
  if (isError) return <p className="text-sm text-rose-700">{fr.lists.loadError}</p>;
  if (lists.length === 0) return <p className="text-sm text-slate-500">{fr.optimiserUi.importEmpty}</p>;
  // A list waiting for its delivery (or archived) cannot be booked again: shown, not offered, with why.
  return (
    <ul className="space-y-2">
      {lists.map((list) => {
        const lock = listLock(list);
        return (
          <li key={list.id}>
            <button
              type="button"
              onClick={() => onPick(list)}
              disabled={list.items.length === 0 || lock !== null}
              className="w-full rounded-xl border border-slate-200 px-3 py-2.5 text-left hover:border-brand-300 hover:bg-brand-50 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:hover:border-slate-200"
            >
              <span className={`block font-medium [overflow-wrap:anywhere] ${lock ? 'text-slate-500' : 'text-slate-900'}`}>{list.name}</span>
              <span className="block text-xs text-slate-500">
                {fr.listsUi.items(list.item_count)} · {fr.listsUi.createdOn(formatDate(list.created_at))}
              </span>
              {lock && (
                <span className="mt-1 flex items-start gap-1 text-xs text-amber-800">
                  <Lock size={12} className="mt-0.5 shrink-0" aria-hidden="true" />
                  {fr.optimiserView.importLocked[lock]}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
