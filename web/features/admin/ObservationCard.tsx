// One held or flagged price with the evidence a moderator decides on, and the two decisions.
import { AlertTriangle, Check, Flag, MapPin, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { TRUST } from '#contract/prices';
import { formatDate, formatDateTime, formatOneDecimal, formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import type { ObservationEvidence } from '#contract/moderation';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Money } from '../../ui/Money';
import { moderationCalls } from './admin-api';
import { ContributorBox } from './ContributorBox';
import { PhotoProof } from './PhotoProof';
import { ReasonDialog } from './ReasonDialog';
import { StoreHistorySparkline } from './StoreHistorySparkline';
import { useModerationAction } from './use-moderation-action';

const texts = fr.adminUi;

export function ObservationCard({ item, queue }: { item: ObservationEvidence; queue: 'held' | 'flagged' }) {
  const [rejecting, setRejecting] = useState(false);
  const approve = useModerationAction(() => moderationCalls.approve(item.id));
  const reject = useModerationAction((reason: string) => moderationCalls.reject(item.id, reason), () => setRejecting(false));
  const busy = approve.isPending || reject.isPending;
  const label = texts.observationLabel(item.product.name, item.store.name);

  return (
    <Card className="overflow-hidden" role="article" aria-label={label} data-testid="observation-card">
      <header className="flex items-start justify-between gap-3 border-b border-slate-100 p-4">
        <div className="min-w-0">
          <h3 className="font-semibold leading-snug text-slate-900">{item.product.name}</h3>
          <p className="truncate text-xs text-slate-500">{[item.product.brand, item.product.category].filter(Boolean).join(' · ')}</p>
          <p className="mt-1 flex items-start gap-1 text-sm text-slate-700">
            <MapPin size={14} className="mt-0.5 shrink-0 text-slate-400" aria-hidden="true" />
            <span className="min-w-0">
              <span className="font-medium">{item.store.name}</span>
              <span className="block truncate text-xs text-slate-500">{item.store.address}</span>
            </span>
          </p>
        </div>
        <div className="shrink-0 text-right">
          <Money amount={item.price} className="block text-xl font-bold text-slate-900" />
          <span className="mt-1 inline-block">
            <Badge tone={queue === 'held' ? 'amber' : 'rose'}>{queue === 'held' ? texts.statusHeld : texts.statusFlagged}</Badge>
          </span>
        </div>
      </header>

      <div className="space-y-4 p-4">
        <p className="text-xs text-slate-500">{texts.observedOn(formatDateTime(item.observed_at))}</p>
        {item.review_reason && (
          <Callout tone="amber" icon={<AlertTriangle size={16} aria-hidden="true" />} title={texts.heldReason}>
            {item.review_reason}
          </Callout>
        )}
        {item.flags.length > 0 && (
          <Callout tone="rose" icon={<Flag size={16} aria-hidden="true" />} title={texts.flagsTitle(item.flags.length)}>
            <ul className="space-y-1">
              {item.flags.map((flag, i) => (
                <li key={i}>
                  <span className="font-medium">{fr.moderation.flagReasons[flag.reason]}</span>
                  <span className="text-xs opacity-80">
                    {' '}
                    · {flag.by_job ? texts.flagByJob : texts.flagByUser} · {formatDate(flag.created_at)}
                  </span>
                  {flag.comment && <span className="block text-sm italic">{texts.quoted(flag.comment)}</span>}
                </li>
              ))}
            </ul>
          </Callout>
        )}

        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <section aria-label={texts.evidenceTitle} className="min-w-0 space-y-4">
            <div className="flex gap-3">
              <PhotoProof url={item.photo_url} product={item.product.name} />
              <Facts item={item} />
            </div>
            <div>
              <h4 className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">{texts.historyTitle}</h4>
              <StoreHistorySparkline history={item.store_history} current={item} shownPrice={item.shown_price} />
            </div>
          </section>
          <ContributorBox contributor={item.contributor} />
        </div>
      </div>

      <footer className="flex gap-2 border-t border-slate-100 bg-slate-50/60 p-3">
        <Button variant="outline" className="flex-1 text-rose-700 sm:flex-none" icon={<X size={16} aria-hidden="true" />} onClick={() => setRejecting(true)} disabled={busy}>
          {texts.reject}
        </Button>
        <Button className="flex-1 sm:ml-auto sm:flex-none" icon={<Check size={16} aria-hidden="true" />} onClick={() => approve.mutate(undefined)} busy={approve.isPending} disabled={busy}>
          {texts.approve}
        </Button>
      </footer>

      <ReasonDialog
        open={rejecting}
        title={texts.rejectTitle}
        description={texts.rejectDescription(item.product.name, item.store.name, formatXaf(item.price))}
        confirmLabel={texts.confirmReject}
        busy={reject.isPending}
        onConfirm={(reason) => reject.mutate(reason)}
        onCancel={() => setRejecting(false)}
      />
    </Card>
  );
}

function Facts({ item }: { item: ObservationEvidence }) {
  const tooFar = item.distance_km !== null && item.distance_km > TRUST.maxDistanceKm;
  const ratio = item.shown_price ? item.price / item.shown_price : null;
  // "× 1 le prix affiché" says nothing: the ratio is shown only when the price differs.
  const showRatio = ratio !== null && Math.abs(ratio - 1) >= 0.05;
  const offPrice = ratio !== null && (ratio > TRUST.outlierFactor || ratio * TRUST.outlierFactor < 1);
  return (
    <dl className="grid min-w-0 flex-1 grid-cols-1 gap-x-4 gap-y-2 text-sm min-[420px]:grid-cols-2">
      <Fact label={texts.distance}>
        {item.distance_km === null ? (
          <span className="font-normal text-slate-500">{texts.noPosition}</span>
        ) : (
          <span className={tooFar ? 'text-amber-700' : ''}>
            {texts.distanceKm(formatOneDecimal(item.distance_km))}
          </span>
        )}
      </Fact>
      <Fact label={texts.shownPrice}>
        {item.shown_price === null ? <span className="font-normal text-slate-500">{texts.noShownPrice}</span> : <Money amount={item.shown_price} />}
        {showRatio && <span className={`block text-xs font-normal ${offPrice ? 'text-amber-700' : 'text-slate-500'}`}>{texts.ratio(formatOneDecimal(ratio!))}</span>}
      </Fact>
      <Fact label={texts.median}>{item.cross_store_median === null ? <span className="font-normal text-slate-500">—</span> : <Money amount={item.cross_store_median} />}</Fact>
    </dl>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

const TONES = { amber: 'border-amber-200 bg-amber-50 text-amber-900', rose: 'border-rose-200 bg-rose-50 text-rose-900' };

function Callout({ tone, icon, title, children }: { tone: keyof typeof TONES; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className={`rounded-xl border p-3 text-sm ${TONES[tone]}`}>
      <p className="mb-1 flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide">
        {icon}
        {title}
      </p>
      {children}
    </div>
  );
}
