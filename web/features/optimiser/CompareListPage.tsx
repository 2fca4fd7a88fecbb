// /shopping-lists/{id}/compare (linked from the lists and the dashboard): the optimiser on one list;
// "Ajouter au panier" continues to /delivery-booking.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { fr } from '#contract/messages';
import { Button } from '../../ui/Button';
import { Card, PageHeader } from '../../ui/Card';
import { PageLoader } from '../../ui/Spinner';
import { listQuery } from './optimiser-api';
import { OptimisationPanel } from './OptimisationPanel';

export function CompareListPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: list, isPending, isError, refetch } = useQuery(listQuery(id));
  return (
    <div>
      <Link to="/shopping-lists" className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft size={16} aria-hidden="true" /> {fr.listsUi.backToLists}
      </Link>
      <PageHeader title={list ? `${fr.listsUi.compare} — ${list.name}` : fr.listsUi.compare} subtitle={list ? fr.listsUi.items(list.item_count) : undefined} />
      {isPending ? (
        <PageLoader />
      ) : isError ? (
        <Card className="flex flex-wrap items-center justify-between gap-3 border-rose-200 bg-rose-50 p-4 text-sm text-rose-800">
          {fr.lists.loadError}
          <Button size="sm" variant="outline" onClick={() => void refetch()}>
            {fr.common.retry}
          </Button>
        </Card>
      ) : list.items.length === 0 ? (
        <Card className="p-6 text-center text-slate-600">{fr.lists.empty}</Card>
      ) : (
        <OptimisationPanel
          lines={list.items.map((i) => ({ product_id: i.product_id, product_name: i.name, quantity: i.quantity }))}
          listId={list.id}
          onCart={(cart) => navigate('/delivery-booking', { state: cart })}
        />
      )}
    </div>
  );
}
