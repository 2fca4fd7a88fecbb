// « Mes prix »: per product, the price the store announced (and when), the price customers see, « Prix
// en rayon différent » when shoppers' recent prices disagree, and the cheapest listed store nearby —
// what a customer compares the store to.
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Award, Tag } from 'lucide-react';
import { formatDate, formatOneDecimal, formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import { EmptyState } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { Money } from '../../ui/Money';
import { PageLoader } from '../../ui/Spinner';
import type { MerchantPrice } from '#contract/merchants';
import { myPricesQuery } from './merchants-api';

const t = fr.merchantsUi;

/** What a customer compares the store to: the cheapest other store within 10 km, cheaper or not. */
function NearbyComparison({ price }: { price: MerchantPrice }) {
  const near = price.nearby_cheapest;
  if (!near) return <p className="mt-2 text-xs text-slate-500">{t.noNearby}</p>;
  const args = [formatXaf(near.price_xaf), near.name, formatOneDecimal(near.distance_km)] as const;
  // Against the price the merchant set: that is what this screen helps them decide.
  const ours = price.announced_price_xaf;
  if (near.price_xaf < ours) return <p className="mt-2 rounded-lg bg-slate-50 px-2 py-1.5 text-xs text-slate-700">{t.nearbyCheapest(...args)}</p>;
  return (
    <p className="mt-2 inline-flex items-start gap-1 text-xs font-medium text-brand-800">
      <Award size={13} aria-hidden="true" className="mt-0.5 shrink-0" /> {t.youAreCheapest(...args)}
    </p>
  );
}

export function MyPrices() {
  const { data, isPending, isError, refetch } = useQuery(myPricesQuery);
  if (isPending) return <PageLoader />;
  if (isError) return <LoadError message={t.pricesLoadError} onRetry={() => void refetch()} />;
  if (data.length === 0) return <EmptyState icon={<Tag size={24} />} title={t.noPrices} text={t.noPricesText} />;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{t.pricesHint}</p>
      <ul className="space-y-2" aria-label={t.pricesTitle}>
        {data.map((p) => (
          <li key={p.product_id} className="rounded-xl border border-slate-200 bg-white p-3" data-testid="merchant-price">
            <p className="font-medium break-words text-slate-900">{p.product_name}</p>
            <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-xs text-slate-500">{t.announced}</dt>
                <dd>
                  <Money amount={p.announced_price_xaf} className="font-semibold text-slate-900" />
                  <span className="block text-xs text-slate-500">{t.announcedOn(formatDate(p.announced_at))}</span>
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">{t.shown}</dt>
                <dd>{p.shown_price_xaf === null ? <span className="text-slate-500">—</span> : <Money amount={p.shown_price_xaf} className="font-semibold text-slate-900" />}</dd>
              </div>
            </dl>
            {p.shelf_differs && (
              <p className="mt-2 inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset" title={fr.announcedPrice.shelfDiffersHint}>
                <AlertTriangle size={12} aria-hidden="true" /> {fr.announcedPrice.shelfDiffers}
              </p>
            )}
            <NearbyComparison price={p} />
          </li>
        ))}
      </ul>
    </div>
  );
}
