// The geolocation banner of /contribute: green with the coordinates (4 decimals) when the position is
// known, yellow with 'Activer' otherwise; the refresh button searches nearby stores again.
import { LocateFixed, MapPin, RefreshCw } from 'lucide-react';
import { fr } from '#contract/messages';
import { formatCoordinate, type LatLng } from '../../lib/geolocation';
import { Button } from '../../ui/Button';

type LocationBannerProps = { position: LatLng | null; error: string | null; locating: boolean; onActivate: () => void; onRefresh: () => void; refreshing: boolean };

export function LocationBanner({ position, error, locating, onActivate, onRefresh, refreshing }: LocationBannerProps) {
  if (position) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-brand-900" role="status" data-testid="location-banner" data-state="known">
        <div className="flex items-start gap-3">
          <MapPin size={20} className="mt-0.5 shrink-0 text-brand-700" aria-hidden="true" />
          <div>
            <p className="font-semibold">{fr.contribute.locationKnown}</p>
            <p className="text-sm tabular-nums">{fr.contribute.locationCoords(formatCoordinate(position.latitude), formatCoordinate(position.longitude))}</p>
          </div>
        </div>
        <Button variant="outline" size="sm" icon={<RefreshCw size={16} />} onClick={onRefresh} busy={refreshing}>
          {fr.contribute.refresh}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-900" role="status" data-testid="location-banner" data-state="unknown">
      <div className="flex items-start gap-3">
        <LocateFixed size={20} className="mt-0.5 shrink-0 text-amber-600" aria-hidden="true" />
        <div>
          <p className="font-semibold">{fr.contribute.locationAsk}</p>
          {error && <p className="text-sm">{error}</p>}
        </div>
      </div>
      <Button size="sm" onClick={onActivate} busy={locating}>
        {fr.contribute.enable}
      </Button>
    </div>
  );
}
