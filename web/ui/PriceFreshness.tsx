// How fresh and confirmed a shown store price is: "vu il y a 3j · 4 contributeurs", a "vérifié" mark
// when a moderator approved it, and "à confirmer" when its latest supporting observation is older than
// TRUST.staleAfterDays. The server decides staleness (`stale`), so the web and the API never disagree.
import { BadgeCheck, Clock } from 'lucide-react';
import { formatRelativeTime } from '#contract/format';
import { fr } from '#contract/messages';
import { TRUST } from '#contract/constants';
import type { PriceFreshness as Freshness } from '#contract/prices';

/** "vu il y a 3j · 4 contributeurs" (singular for one). */
export function freshnessText(freshness: Pick<Freshness, 'observed_at' | 'contributor_count'>, now: Date = new Date()): string {
  return `${fr.trustUi.seen(formatRelativeTime(freshness.observed_at, now))} · ${fr.trustUi.contributors(freshness.contributor_count)}`;
}

/** The optimiser's note when some bought items rest on stale prices; null when none does. */
export function staleItemsNote(staleCount: number): string | null {
  return staleCount > 0 ? fr.trustUi.staleItems(staleCount) : null;
}

/** The "à confirmer" pill, for places that only know that a price is stale. */
export function StaleBadge() {
  return (
    <span
      title={fr.trustUi.staleHint(TRUST.staleAfterDays)}
      className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-amber-50 px-2 py-0.5 text-[11px] font-semibold leading-4 text-amber-800 ring-1 ring-inset ring-amber-300"
    >
      <Clock size={11} aria-hidden="true" />
      {fr.trustUi.stale}
    </span>
  );
}

type PriceFreshnessProps = { freshness: Freshness; now?: Date; className?: string };

export function PriceFreshness({ freshness, now, className = '' }: PriceFreshnessProps) {
  return (
    <span className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500 ${className}`} data-testid="price-freshness">
      <span>{freshnessText(freshness, now)}</span>
      {freshness.verified && (
        <span className="inline-flex items-center gap-1 font-semibold text-brand-700" title={fr.trustUi.verifiedHint}>
          <BadgeCheck size={13} aria-hidden="true" />
          {fr.trustUi.verified}
        </span>
      )}
      {freshness.stale && <StaleBadge />}
    </span>
  );
}
