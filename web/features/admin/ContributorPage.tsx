// /admin/users/:id: a contributor's record — reputation, prices sent and their fate — and the
// suspension (with a reason the person is told) or the reinstatement of the account.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Ban, RotateCcw, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDate, formatDateTime } from '#contract/format';
import { fr } from '#contract/messages';
import type { ContributorProfile } from '#contract/moderation';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadError } from '../../ui/LoadError';
import { Money } from '../../ui/Money';
import { PageLoader } from '../../ui/Spinner';
import { contributorQuery, moderationCalls } from './admin-api';
import { formatReputation } from './admin-format';
import { ObservationStatusBadge } from './ObservationStatusBadge';
import { ReasonDialog } from './ReasonDialog';
import { useModerationAction } from './use-moderation-action';

const texts = fr.adminUi;

export function ContributorPage() {
  const { id = '' } = useParams();
  const { data: profile, isPending, isError, error, refetch } = useQuery(contributorQuery(id));

  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <Link to="/admin" className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeft size={16} aria-hidden="true" />
        {texts.back}
      </Link>
      {isPending ? (
        <PageLoader />
      ) : isError ? (
        <LoadError message={error.message || texts.loadError} onRetry={() => void refetch()} />
      ) : (
        <Profile profile={profile} />
      )}
    </div>
  );
}

function Profile({ profile }: { profile: ContributorProfile }) {
  const [suspending, setSuspending] = useState(false);
  const [reinstating, setReinstating] = useState(false);
  const suspend = useModerationAction((reason: string) => moderationCalls.suspend(profile.id, reason), () => setSuspending(false));
  const reinstate = useModerationAction(() => moderationCalls.reinstate(profile.id), () => setReinstating(false));
  const o = profile.observations;
  const stats = [
    { label: texts.stats.reputation, value: formatReputation(profile.reputation), tone: profile.reputation < 0 ? 'text-rose-700' : 'text-slate-900' },
    { label: texts.stats.accepted, value: o.accepted, tone: o.accepted > 0 ? 'text-brand-800' : 'text-slate-900' },
    { label: texts.stats.held, value: o.held, tone: o.held > 0 ? 'text-amber-700' : 'text-slate-900' },
    { label: texts.stats.rejected, value: o.rejected, tone: o.rejected > 0 ? 'text-rose-700' : 'text-slate-900' },
    { label: texts.stats.confirmed, value: o.confirmed, tone: 'text-slate-900' },
    { label: texts.stats.voices, value: profile.voice_accounts, tone: profile.voice_accounts > 1 ? 'text-amber-700' : 'text-slate-900' },
  ];

  return (
    <>
      <Card className="p-4 sm:p-5">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 items-start gap-3">
            <span className="rounded-full bg-slate-100 p-3 text-slate-500">
              <UserRound size={24} aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{profile.full_name}</h1>
              <p className="truncate text-sm text-slate-500">{profile.email}</p>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                <Badge tone="sky">{texts.userTypes[profile.user_type]}</Badge>
                {texts.memberSince(formatDate(profile.created_at))}
              </p>
            </div>
          </div>
          {profile.user_type === 'admin' ? (
            <p className="text-sm text-slate-500">{texts.moderatorAccount}</p>
          ) : profile.suspended_at ? (
            <Button variant="outline" icon={<RotateCcw size={16} aria-hidden="true" />} onClick={() => setReinstating(true)}>
              {texts.reinstate}
            </Button>
          ) : (
            <Button variant="danger" icon={<Ban size={16} aria-hidden="true" />} onClick={() => setSuspending(true)}>
              {texts.suspend}
            </Button>
          )}
        </div>
        {profile.suspended_at && (
          <div className="mt-4 rounded-xl border border-rose-200 bg-rose-50 p-3 text-sm text-rose-900" role="status">
            <p className="font-semibold">{texts.suspendedSince(formatDateTime(profile.suspended_at))}</p>
            {profile.suspension_reason && <p>{texts.suspensionReason(profile.suspension_reason)}</p>}
          </div>
        )}
        <dl className="mt-5 grid grid-cols-3 gap-2 sm:grid-cols-6">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse rounded-xl bg-slate-50 px-2 py-2.5 text-center">
              <dt className="text-xs leading-tight text-slate-500">{stat.label}</dt>
              <dd className={`text-xl font-bold tabular-nums ${stat.tone}`}>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </Card>

      <section className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">{texts.recentTitle}</h2>
        {profile.recent_observations.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-500">{texts.recentEmpty}</p>
        ) : (
          <Card>
            <ul className="divide-y divide-slate-100" aria-label={texts.recentTitle}>
              {profile.recent_observations.map((obs) => (
                <li key={obs.id} className="flex items-start justify-between gap-3 p-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900">{obs.product_name}</p>
                    <p className="truncate text-xs text-slate-500">
                      {obs.store_name} · {formatDateTime(obs.observed_at)}
                    </p>
                  </div>
                  <div className="shrink-0 space-y-1 text-right">
                    <Money amount={obs.price} className="block font-semibold" />
                    <ObservationStatusBadge status={obs.status} />
                  </div>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </section>

      <ReasonDialog
        open={suspending}
        title={texts.suspendTitle}
        description={texts.suspendDescription(profile.full_name)}
        confirmLabel={texts.confirmSuspend}
        busy={suspend.isPending}
        onConfirm={(reason) => suspend.mutate(reason)}
        onCancel={() => setSuspending(false)}
      />
      <ConfirmDialog
        open={reinstating}
        title={texts.reinstateTitle}
        message={texts.reinstateConfirm(profile.full_name)}
        confirmLabel={texts.reinstate}
        busy={reinstate.isPending}
        onConfirm={() => reinstate.mutate(undefined)}
        onCancel={() => setReinstating(false)}
      />
    </>
  );
}
