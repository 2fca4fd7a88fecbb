// /admin/catalogue: products and stores added by newcomers wait here to be published; any entry can
// be found by name and hidden, deleted or merged into the one that stays; removed entries are
// restored from here for 30 days (issue 27, item 7).
import { useQuery } from '@tanstack/react-query';
import { PackageSearch } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CATALOGUE_KINDS, CATALOGUE_VIEWS, type CatalogueKind, type CatalogueView } from '#contract/catalogue-hygiene';
import { fr } from '#contract/messages';
import { EmptyState, PageHeader } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { FilterChips } from '../../ui/FilterChips';
import { catalogueEntriesQuery } from './catalogue-api';
import { CatalogueEntryCard } from './CatalogueEntryCard';
import { PagedQueue } from './PagedQueue';

const texts = fr.catalogueHygiene;
const KIND_LABELS: Record<CatalogueKind, string> = { products: texts.kindProducts, stores: texts.kindStores };
const VIEW_LABELS: Record<CatalogueView, string> = { pending: texts.tabPending, listed: texts.tabListed, removed: texts.tabRemoved };
const EMPTY: Record<CatalogueView, { title: string; text?: string }> = {
  pending: { title: texts.emptyPending, text: texts.emptyPendingText },
  listed: { title: texts.emptyListed },
  removed: { title: texts.emptyRemoved },
};
const SEARCH_DEBOUNCE_MS = 300;

export function AdminCataloguePage() {
  const [kind, setKind] = useState<CatalogueKind>('products');
  const [view, setView] = useState<CatalogueView>('pending');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery(catalogueEntriesQuery(kind, view, search, page));

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const showKind = (next: CatalogueKind) => {
    setKind(next);
    setPage(1);
  };
  const showView = (next: CatalogueView) => {
    setView(next);
    setPage(1);
  };

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <PageHeader title={texts.title} subtitle={texts.intro} />
      <FilterChips label={texts.kindLabel} options={CATALOGUE_KINDS} selected={kind} onSelect={showKind}>
        {(key) => KIND_LABELS[key]}
      </FilterChips>
      <FilterChips label={texts.viewLabel} options={CATALOGUE_VIEWS} selected={view} onSelect={showView}>
        {(key) => VIEW_LABELS[key]}
      </FilterChips>
      <TextField label={texts.searchLabel} placeholder={texts.searchPlaceholder} type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
      <PagedQueue query={query} page={page} onPage={setPage} empty={<EmptyState icon={<PackageSearch size={24} />} {...EMPTY[view]} />}>
        {(items) => (
          <ul className="space-y-4" aria-label={texts.listLabel}>
            {items.map((entry) => (
              <li key={entry.id}>
                <CatalogueEntryCard entry={entry} />
              </li>
            ))}
          </ul>
        )}
      </PagedQueue>
    </div>
  );
}
