// An ad's badges, for its advertiser ("Mes annonces") and for moderators (/admin): "test" when it
// was paid through the payment sandbox, then its status in its colour.
import { FlaskConical } from 'lucide-react';
import type { AdStatus } from '#contract/ads';
import { fr } from '#contract/messages';
import { Badge } from '../../ui/Badge';
import { AD_STATUS_TONE, adStatusLabel } from './ad-status';

export function AdStatusBadges({ ad }: { ad: { status: AdStatus; is_test: boolean } }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      {ad.is_test && (
        <Badge tone="amber">
          <FlaskConical size={12} className="mr-1" aria-hidden="true" />
          {fr.checkoutUi.sandboxBadge}
        </Badge>
      )}
      <span data-testid="ad-status">
        <Badge tone={AD_STATUS_TONE[ad.status]}>{adStatusLabel(ad.status)}</Badge>
      </span>
    </div>
  );
}
