// Under the list select of 'Nouvelle demande de livraison': which of the user's lists cannot be
// delivered and why (already delivered, waiting for its delivery, cart validated, empty), and
// "créez d'abord une liste" only to a user who has no list at all.
import { Info } from 'lucide-react';
import { Link } from 'react-router';
import { fr } from '#contract/messages';
import type { ListsForDelivery } from './deliverable-lists';

const texts = fr.forms.delivery;

export function ListAvailability({ lists }: { lists: ListsForDelivery }) {
  const { deliverable, blocked } = lists;
  if (deliverable.length === 0 && blocked.length === 0) {
    return (
      <p className="text-sm text-slate-600" data-testid="list-availability">
        {fr.delivery.noActiveList}{' '}
        <Link to="/create-list" className="font-semibold text-brand-700 underline">
          {texts.createList}
        </Link>
      </p>
    );
  }
  if (blocked.length === 0) return null;
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="list-availability">
      <p className="flex items-start gap-2 font-medium">
        <Info size={16} className="mt-0.5 shrink-0" aria-hidden="true" />
        <span>
          {deliverable.length === 0 && `${texts.noneDeliverable} `}
          {texts.othersTitle(blocked.length)}
        </span>
      </p>
      <ul className="mt-1.5 max-h-36 list-disc space-y-1 overflow-y-auto pl-8 wrap-anywhere">
        {blocked.map(({ list, block }) => (
          <li key={list.id}>{texts.blockedList(list.name, texts.reasons[block])}</li>
        ))}
      </ul>
      <Link to="/shopping-lists" className="mt-2 inline-block font-semibold text-brand-800 underline">
        {texts.toMyLists}
      </Link>
    </div>
  );
}
