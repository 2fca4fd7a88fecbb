// /shopping-lists: the user's lists with details, edit, duplicate, delete and price analysis. The
// price-analysis modal (optimiser, payment methods, booking) belongs to other features: the app
// passes it in as `renderPriceAnalysis`. Offline, the lists stay readable and editable (details:
// tick items, change quantities; edit: the list editor), their changes wait in the outbox; delete
// and duplicate need the server and are disabled, with the reason.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BarChart3, ClipboardList, CloudUpload, Copy, Eye, Pencil, Plus, Trash2, WifiOff } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDate, formatDateTime } from '#contract/format';
import { listLock, type ShoppingList } from '#contract/lists';
import { fr } from '#contract/messages';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useOnline } from '../../lib/use-online';
import { Button, buttonClasses } from '../../ui/Button';
import { Card, EmptyState, PageHeader } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Modal } from '../../ui/Modal';
import { CategoryIllustration } from '../../ui/ProductImage';
import { PageLoader } from '../../ui/Spinner';
import { QuantityStepper } from '../../ui/QuantityStepper';
import { deleteList, duplicateList, listsQueryKey, useShoppingLists } from './lists-api';
import { setItemQuantity, tickItem } from './list-writes';
import { ListStatusBadge } from './ListStatusBadge';
import { LoadError } from '../../ui/LoadError';

export type PriceAnalysisRenderer = (props: { list: ShoppingList; onClose: () => void; onBooked: () => void }) => ReactNode;

const LOCK_MESSAGES = { pending_delivery: fr.listsUi.lockedPending, archived: fr.listsUi.lockedArchived, cart_validated: fr.listsUi.lockedCart } as const;

export function ShoppingListsPage({ renderPriceAnalysis }: { renderPriceAnalysis?: PriceAnalysisRenderer }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const online = useOnline();
  const offlineNoteId = useId();
  const { data: lists, isPending, isError, refetch, pendingIds, dataUpdatedAt } = useShoppingLists();
  // The details show the list as it changes (ticks, quantities), so only its id is kept.
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const details = lists?.find((l) => l.id === detailsId) ?? null;
  const [toDelete, setToDelete] = useState<ShoppingList | null>(null);
  const [analysed, setAnalysed] = useState<ShoppingList | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: listsQueryKey });

  const remove = useMutation({
    mutationFn: (list: ShoppingList) => deleteList(list.id),
    onSuccess: () => {
      notifySuccess(fr.listsUi.deleted);
      setToDelete(null);
      void refresh();
    },
    onError: (error) => notifyError(errorMessage(error, fr.lists.deleteError)),
  });
  const duplicate = useMutation({
    mutationFn: (list: ShoppingList) => duplicateList(list.id),
    onSuccess: () => {
      notifySuccess(fr.listsUi.duplicated);
      void refresh();
    },
    onError: (error) => notifyError(errorMessage(error, fr.lists.duplicateError)),
  });

  /** Edit and delete are refused for locked lists, with the message of their state. */
  const unlessLocked = (list: ShoppingList, action: () => void) => {
    const lock = listLock(list);
    if (lock) return notifyError(LOCK_MESSAGES[lock]);
    action();
  };
  const edit = (list: ShoppingList) =>
    unlessLocked(list, () => {
      try {
        navigate('/create-list', { state: { list } });
      } catch {
        notifyError(fr.lists.navigationError);
      }
    });
  const analyse = (list: ShoppingList) => (list.items.length === 0 ? notifyError(fr.lists.empty) : setAnalysed(list));

  return (
    <div>
      <PageHeader
        title={fr.listsUi.title}
        subtitle={fr.listsUi.subtitle}
        actions={
          <Link to="/create-list" className={buttonClasses()}>
            <Plus size={18} aria-hidden="true" />
            {fr.listsUi.newList}
          </Link>
        }
      />
      {!online && (
        <p id={offlineNoteId} role="status" className="mb-4 flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200">
          <WifiOff size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
          <span>
            {fr.offline.listsOfflineNote} {dataUpdatedAt > 0 && fr.offline.listsFetchedAt(formatDateTime(new Date(dataUpdatedAt)))}
          </span>
        </p>
      )}
      {isPending ? (
        <PageLoader />
      ) : isError && !lists ? (
        <LoadError message={fr.lists.loadError} onRetry={() => void refetch()} />
      ) : !lists || lists.length === 0 ? (
        <EmptyState
          icon={<ClipboardList size={24} />}
          title={fr.listsUi.emptyTitle}
          text={fr.listsUi.emptyText}
          action={
            <Link to="/create-list" className={buttonClasses()}>
              {fr.listsUi.emptyAction}
            </Link>
          }
        />
      ) : (
        // minmax(0, 1fr) columns and min-w-0 items: a card never grows wider than its column.
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {lists.map((list) => (
            <li key={list.id} className="min-w-0">
              <ListCard
                list={list}
                online={online}
                offlineNoteId={offlineNoteId}
                pending={pendingIds.has(list.id)}
                onDetails={() => setDetailsId(list.id)}
                onEdit={() => edit(list)}
                onDuplicate={() => duplicate.mutate(list)}
                onDelete={() => unlessLocked(list, () => setToDelete(list))}
                onAnalyse={() => analyse(list)}
                duplicating={duplicate.isPending && duplicate.variables?.id === list.id}
              />
            </li>
          ))}
        </ul>
      )}

      <ListDetailsModal list={details} onClose={() => setDetailsId(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={fr.listsUi.deleteTitle}
        message={toDelete ? fr.listsUi.deleteConfirm(toDelete.name) : ''}
        confirmLabel={fr.listsUi.delete}
        danger
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        onCancel={() => setToDelete(null)}
      />
      {analysed && renderPriceAnalysis?.({ list: analysed, onClose: () => setAnalysed(null), onBooked: () => void refresh() })}
    </div>
  );
}

type ListCardProps = {
  list: ShoppingList;
  online: boolean;
  /** The offline note that says why duplicate and delete are disabled. */
  offlineNoteId: string;
  /** Changes to this list wait to be sent. */
  pending: boolean;
  onDetails: () => void;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onAnalyse: () => void;
  duplicating: boolean;
};

function ListCard({ list, online, offlineNoteId, pending, onDetails, onEdit, onDuplicate, onDelete, onAnalyse, duplicating }: ListCardProps) {
  const locked = listLock(list) !== null;
  const needsServer = { disabled: !online, title: online ? undefined : fr.offline.needsConnection, 'aria-describedby': online ? undefined : offlineNoteId };
  return (
    <Card className="flex h-full min-w-0 flex-col gap-4 p-4" data-testid="list-card" aria-label={list.name}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          {/* A long name wraps (even a word longer than the card) instead of widening the page. */}
          <h2 className="line-clamp-3 text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">
            <Link to={`/shopping-lists/${list.id}/compare`} className="hover:text-brand-700 hover:underline">
              {list.name}
            </Link>
          </h2>
          <p className="text-sm text-slate-500">
            {fr.listsUi.items(list.item_count)} · {fr.listsUi.createdOn(formatDate(list.created_at))}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <ListStatusBadge list={list} />
          {pending && (
            <span className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2 py-0.5 text-xs font-semibold text-sky-800 ring-1 ring-sky-200 ring-inset">
              <CloudUpload size={12} aria-hidden="true" />
              {fr.offline.pendingBadge}
            </span>
          )}
        </div>
      </div>
      <p className="line-clamp-2 text-sm text-slate-600 [overflow-wrap:anywhere]">{list.items.map((i) => (i.quantity > 1 ? `${i.name} ×${i.quantity}` : i.name)).join(', ')}</p>
      <div className="mt-auto flex flex-wrap gap-2">
        {!locked && (
          <Button size="sm" onClick={onAnalyse} icon={<BarChart3 size={16} aria-hidden="true" />}>
            {fr.listsUi.priceAnalysis}
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onDetails} icon={<Eye size={16} aria-hidden="true" />}>
          {fr.listsUi.details}
        </Button>
        <Button size="sm" variant="ghost" onClick={onEdit} icon={<Pencil size={16} aria-hidden="true" />} className={locked ? 'opacity-50' : ''} aria-disabled={locked || undefined}>
          {fr.listsUi.edit}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDuplicate} busy={duplicating} icon={<Copy size={16} aria-hidden="true" />} {...needsServer}>
          {fr.listsUi.duplicate}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDelete} icon={<Trash2 size={16} aria-hidden="true" />} className={`text-rose-700 ${locked ? 'opacity-50' : ''}`} aria-disabled={locked || undefined} {...needsServer}>
          {fr.listsUi.delete}
        </Button>
      </div>
    </Card>
  );
}

/** The list's items; on an editable list they are ticked off and re-counted here, online or not. */
function ListDetailsModal({ list, onClose }: { list: ShoppingList | null; onClose: () => void }) {
  const editable = list !== null && listLock(list) === null;
  return (
    <Modal open={list !== null} title={list ? fr.listsUi.detailsTitle(list.name) : ''} onClose={onClose} description={list ? `${fr.listsUi.items(list.item_count)} · ${fr.listsUi.createdOn(formatDate(list.created_at))}` : undefined}>
      {list && (
        <div className="space-y-4">
          <p className="flex items-center gap-2 text-sm text-slate-600">
            {fr.listsUi.status} : <ListStatusBadge list={list} />
          </p>
          {editable && <p className="text-sm font-medium text-slate-700">{fr.offline.itemsToBuy}</p>}
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {list.items.map((item) => (
              <DetailsItem key={item.id} list={list} item={item} editable={editable} />
            ))}
          </ul>
        </div>
      )}
    </Modal>
  );
}

function DetailsItem({ list, item, editable }: { list: ShoppingList; item: ShoppingList['items'][number]; editable: boolean }) {
  const checkboxId = useId();
  const subtitle = [item.brand, item.category, item.is_manual_item ? fr.listsUi.manualBadge : fr.listsUi.catalogueBadge].filter(Boolean).join(' · ') + (item.notes ? ` — ${item.notes}` : '');
  return (
    <li className="flex items-center justify-between gap-3 px-3 py-2.5">
      <div className="flex min-w-0 items-center gap-3">
        {editable && (
          <input
            id={checkboxId}
            type="checkbox"
            checked={item.checked}
            onChange={(e) => void tickItem(list, item, e.target.checked)}
            className="size-5 shrink-0 accent-brand-700"
          />
        )}
        <CategoryIllustration category={item.category} decorative className="size-10 shrink-0 rounded-lg" />
        <div className="min-w-0">
          <label htmlFor={editable ? checkboxId : undefined} className={`block font-medium [overflow-wrap:anywhere] ${item.checked ? 'text-slate-400 line-through' : 'text-slate-900'}`}>
            {item.name}
          </label>
          <p className="text-xs text-slate-500 [overflow-wrap:anywhere]">{subtitle}</p>
        </div>
      </div>
      {editable ? (
        <QuantityStepper
          value={item.quantity}
          label={`${fr.listsUi.quantity} ${item.name}`}
          decreaseLabel={fr.listsUi.decrease(item.name)}
          increaseLabel={fr.listsUi.increase(item.name)}
          onChange={(quantity) => void setItemQuantity(list, item, quantity)}
          onRemove={() => void setItemQuantity(list, item, 0)}
        />
      ) : (
        <span className="shrink-0 rounded-lg bg-slate-100 px-2 py-1 text-sm font-semibold tabular-nums">×{item.quantity}</span>
      )}
    </li>
  );
}
