// The nearby-store invitation (spec part 2 section 4): with contribute_in_store on and a store within
// 5 km, up to 3 of 5 priced products of that store are offered for confirmation. 'Plus tard'
// dismisses it (for that store, this session); 'Contribuer' opens /contribute prefilled.
import { useQuery } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { formatOneDecimal } from '#contract/format';
import { fr } from '#contract/messages';
import { NEARBY_INVITE, PLACES } from '#contract/constants';
import type { LatLng } from '../../lib/geolocation';
import { fetchNearbyStores, placesKeys } from '../../lib/places';
import { Button, buttonClasses } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Money } from '../../ui/Money';
import { PriceFreshness } from '../../ui/PriceFreshness';
import { pricedAtQuery } from './products-api';

const DISMISSED_KEY = 'monpanier_invite_dismissed';

/** Up to `count` items picked at random, the same ones for the life of the component. */
function pickRandom<T>(items: T[], count: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, count);
}

export function NearbyStoreInvite({ position }: { position: LatLng }) {
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY));
  const nearby = useQuery({
    queryKey: placesKeys.nearby(position, PLACES.nearbyStoreRadiusKm),
    queryFn: () => fetchNearbyStores(position, PLACES.nearbyStoreRadiusKm),
  });
  const store = nearby.data?.[0];
  const priced = useQuery({ ...pricedAtQuery(store?.id ?? '', NEARBY_INVITE.fetched), enabled: Boolean(store) && dismissed !== store?.id });
  const offered = useMemo(() => pickRandom(priced.data ?? [], NEARBY_INVITE.offered), [priced.data]);

  if (!store || dismissed === store.id || offered.length === 0) return null;
  const later = () => {
    sessionStorage.setItem(DISMISSED_KEY, store.id);
    setDismissed(store.id);
  };
  const contributeUrl = `/contribute?store=${store.id}&lat=${position.latitude.toFixed(6)}&lng=${position.longitude.toFixed(6)}`;

  return (
    <Card className="space-y-3 border-sun-400 bg-amber-50 p-4" role="region" aria-label={fr.nearbyInvite.title(store.name)}>
      <div className="flex items-start gap-3">
        <span className="rounded-xl bg-white p-2 text-rose-600 shadow-sm">
          <MapPin size={20} aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{fr.nearbyInvite.title(store.name)}</p>
          <p className="text-sm text-slate-600">
            {fr.nearbyInvite.text} {store.distance !== null && `(${fr.nearbyInvite.distance(formatOneDecimal(store.distance))})`}
          </p>
        </div>
      </div>
      <ul className="space-y-1">
        {offered.map((product) => (
          <li key={product.id} className="flex items-start justify-between gap-3 rounded-lg bg-white px-3 py-2 text-sm">
            <span className="min-w-0">
              <span className="block truncate text-slate-800">{product.name}</span>
              {product.price_freshness && <PriceFreshness freshness={product.price_freshness} className="mt-0.5" />}
            </span>
            {product.price !== null && <Money amount={product.price} className="shrink-0 font-semibold" />}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={later}>
          {fr.nearbyInvite.later}
        </Button>
        <Link to={contributeUrl} className={buttonClasses({ size: 'sm' })}>
          {fr.nearbyInvite.contribute}
        </Link>
      </div>
    </Card>
  );
}
