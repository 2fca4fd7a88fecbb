// /shopping-lists/{id}/compare (linked from the lists and the dashboard): the optimiser on one list;
// "Ajouter au panier" continues to /delivery-booking.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { fr } from '#contract/messages';
import { Card, PageHeader } from '../../ui/Card';
import { PageLoader } from '../../ui/Spinner';
import { listQuery } from './optimiser-api';
import { OptimisationPanel } from './OptimisationPanel';
import { LoadError } from '../../ui/LoadError';

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
        <LoadError message={fr.lists.loadError} onRetry={() => void refetch()} />
      ) : list.items.length === 0 ? (
        <Card className="p-6 text-center text-slate-600">{fr.lists.empty}</Card>
      ) : (
        <OptimisationPanel
          lines={list.items.map((i) => ({ product_id: i.product_id, product_name: i.name, quantity: i.quantity }))}
          list={list}
          onCart={(cart) => navigate('/delivery-booking', { state: cart })}
        />
      )}
    </div>
  );
}
