// Who sent a price, in a queue card: reputation, account age, record, shared-address burst, and a
// link to the full profile.
import { ChevronRight, ShieldAlert, UserRound, Users } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate } from '#contract/format';
import { fr } from '#contract/messages';
import type { ContributorSummary } from '#contract/moderation';
import { Badge } from '../../ui/Badge';
import { formatReputation } from './admin-format';

const texts = fr.adminUi;

export function ContributorBox({ contributor }: { contributor: ContributorSummary | null }) {
  if (!contributor) {
    return (
      <div className="min-w-0 rounded-xl bg-slate-50 p-3 text-sm text-slate-600">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{texts.contributor}</p>
        <p className="mt-1">{texts.seededPrice}</p>
      </div>
    );
  }
  const { observations: o } = contributor;
  return (
    <div className="min-w-0 rounded-xl bg-slate-50 p-3 text-sm">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{texts.contributor}</p>
      <div className="mt-1.5 flex items-start gap-2.5">
        <span className="mt-0.5 rounded-full bg-white p-1.5 text-slate-500 ring-1 ring-slate-200">
          <UserRound size={16} aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="truncate font-semibold text-slate-900">{contributor.full_name}</span>
            {contributor.suspended_at && <Badge tone="rose">{texts.suspendedBadge}</Badge>}
          </p>
          <p className="truncate text-xs text-slate-500">{contributor.email}</p>
          <p className="mt-1 text-xs text-slate-600">
            <span className={`font-semibold ${contributor.reputation < 0 ? 'text-rose-700' : 'text-slate-900'}`}>
              {texts.reputation} {formatReputation(contributor.reputation)}
            </span>
            {' · '}
            {texts.memberSince(formatDate(contributor.created_at))}
          </p>
          <p className="text-xs text-slate-600">
            {texts.observationCounts(o.accepted, o.held, o.rejected)} · {texts.confirmedCount(o.confirmed)}
          </p>
        </div>
      </div>
      {contributor.voice_accounts > 1 && (
        <p className="mt-2 flex items-start gap-1.5 rounded-lg bg-amber-50 px-2 py-1.5 text-xs text-amber-900">
          <Users size={14} className="mt-px shrink-0" aria-hidden="true" />
          {texts.voiceAccounts(contributor.voice_accounts)}
        </p>
      )}
      <Link
        to={`/admin/users/${contributor.id}`}
        className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        {contributor.reputation < 0 && <ShieldAlert size={15} className="text-rose-600" aria-hidden="true" />}
        {texts.seeProfile}
        <ChevronRight size={15} aria-hidden="true" />
      </Link>
    </div>
  );
}
