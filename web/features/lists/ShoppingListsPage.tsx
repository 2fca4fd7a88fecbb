// /shopping-lists: the user's lists with details, edit, duplicate, delete and price analysis. The
// price-analysis modal (optimiser, payment methods, booking) belongs to other features: the app
// passes it in as `renderPriceAnalysis`.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BarChart3, ClipboardList, Copy, Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '#contract/format';
import { listLock, type ShoppingList } from '#contract/lists';
import { fr } from '#contract/messages';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { Button, buttonClasses } from '../../ui/Button';
import { Card, EmptyState, PageHeader } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Modal } from '../../ui/Modal';
import { CategoryIllustration } from '../../ui/ProductImage';
import { PageLoader } from '../../ui/Spinner';
import { deleteList, duplicateList, listsQuery, listsQueryKey } from './lists-api';
import { ListStatusBadge } from './ListStatusBadge';
import { LoadError } from '../../ui/LoadError';

export type PriceAnalysisRenderer = (props: { list: ShoppingList; onClose: () => void; onBooked: () => void }) => ReactNode;

const LOCK_MESSAGES = { pending_delivery: fr.listsUi.lockedPending, archived: fr.listsUi.lockedArchived, cart_validated: fr.listsUi.lockedCart } as const;

export function ShoppingListsPage({ renderPriceAnalysis }: { renderPriceAnalysis?: PriceAnalysisRenderer }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: lists, isPending, isError, refetch } = useQuery(listsQuery);
  const [details, setDetails] = useState<ShoppingList | null>(null);
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
      {isPending ? (
        <PageLoader />
      ) : isError ? (
        <LoadError message={fr.lists.loadError} onRetry={() => void refetch()} />
      ) : lists.length === 0 ? (
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
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {lists.map((list) => (
            <li key={list.id}>
              <ListCard
                list={list}
                onDetails={() => setDetails(list)}
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

      <ListDetailsModal list={details} onClose={() => setDetails(null)} />
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
  onDetails: () => void;
  onEdit: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onAnalyse: () => void;
  duplicating: boolean;
};

function ListCard({ list, onDetails, onEdit, onDuplicate, onDelete, onAnalyse, duplicating }: ListCardProps) {
  const locked = listLock(list) !== null;
  return (
    <Card className="flex h-full flex-col gap-4 p-4" data-testid="list-card" aria-label={list.name}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold text-slate-900">
            <Link to={`/shopping-lists/${list.id}/compare`} className="hover:text-brand-700 hover:underline">
              {list.name}
            </Link>
          </h2>
          <p className="text-sm text-slate-500">
            {fr.listsUi.items(list.item_count)} · {fr.listsUi.createdOn(formatDate(list.created_at))}
          </p>
        </div>
        <ListStatusBadge list={list} />
      </div>
      <p className="line-clamp-2 text-sm text-slate-600">{list.items.map((i) => (i.quantity > 1 ? `${i.name} ×${i.quantity}` : i.name)).join(', ')}</p>
      <div className="mt-auto flex flex-wrap gap-2">
        {!locked && (
          <Button size="sm" onClick={onAnalyse} icon={<BarChart3 size={16} aria-hidden="true" />}>
            {fr.listsUi.priceAnalysis}
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onDetails} icon={<Eye size={16} aria-hidden="true" />}>
          {fr.listsUi.details}
        </Button>
        <Button size="sm" variant="ghost" onClick={onEdit} icon={<Pencil size={16} aria-hidden="true" />} className={locked ? 'opacity-50' : ''}>
          {fr.listsUi.edit}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDuplicate} busy={duplicating} icon={<Copy size={16} aria-hidden="true" />}>
          {fr.listsUi.duplicate}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDelete} icon={<Trash2 size={16} aria-hidden="true" />} className={`text-rose-700 ${locked ? 'opacity-50' : ''}`}>
          {fr.listsUi.delete}
        </Button>
      </div>
    </Card>
  );
}

function ListDetailsModal({ list, onClose }: { list: ShoppingList | null; onClose: () => void }) {
  return (
    <Modal open={list !== null} title={list ? fr.listsUi.detailsTitle(list.name) : ''} onClose={onClose} description={list ? `${fr.listsUi.items(list.item_count)} · ${fr.listsUi.createdOn(formatDate(list.created_at))}` : undefined}>
      {list && (
        <div className="space-y-4">
          <p className="flex items-center gap-2 text-sm text-slate-600">
            {fr.listsUi.status} : <ListStatusBadge list={list} />
          </p>
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {list.items.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-3 px-3 py-2.5">
                <CategoryIllustration category={item.category} decorative className="size-10 shrink-0 rounded-lg" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">{item.name}</p>
                  <p className="text-xs text-slate-500">
                    {[item.brand, item.category, item.is_manual_item ? fr.listsUi.manualBadge : fr.listsUi.catalogueBadge].filter(Boolean).join(' · ')}
                    {item.notes ? ` — ${item.notes}` : ''}
                  </p>
                </div>
                <span className="shrink-0 rounded-lg bg-slate-100 px-2 py-1 text-sm font-semibold tabular-nums">×{item.quantity}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Modal>
  );
}
