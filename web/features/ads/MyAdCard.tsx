// One ad in "Mes annonces": its slide, status, dates, budget, measured views, clicks and click rate
// beside the spec's estimate, its days as a small chart, what it may do now (pause, resume, edit,
// pay again, answer a sandbox payment) and, when refused, the reason and the refund's state.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pause, Pencil, Play, Wallet } from 'lucide-react';
import { AD_ESTIMATED_VIEWS_PER_DAY, adTargetLabel } from '#contract/ads';
import type { AdResponse } from '#contract/ads-api';
import { PROMO } from '#contract/constants';
import { formatDate, formatDateTime, formatNumber, formatPercent, formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AdSlide } from '../../ui/AdSlide';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { AdDailyChart } from './AdDailyChart';
import { AdStatusBadges } from './AdStatusBadges';
import { canEdit, canPause, canPay, canResume } from './ad-status';
import { adsKeys, answerAdSandbox, pauseAd, resumeAd } from './ads-api';

const t = fr.adsUi;

export function MyAdCard({ ad, onEdit }: { ad: AdResponse; onEdit: (ad: AdResponse) => void }) {
  const client = useQueryClient();
  const action = useMutation({
    mutationFn: ({ run }: { run: () => Promise<AdResponse>; done?: string }) => run(),
    onSuccess: (_ad, { done }) => done && notifySuccess(done),
    onError: (error) => notifyError(errorMessage(error, t.actionError)),
    onSettled: () => client.invalidateQueries({ queryKey: adsKeys.all }),
  });
  const { stats, payment } = ad;
  const freeEdit = new Date(ad.free_edit_until) > new Date();
  const sandboxStep = ad.status === 'awaiting_payment' && payment?.status === 'pending' && payment.test_mode && payment.customer_step;

  return (
    <Card className="overflow-hidden" data-testid="my-ad" aria-label={ad.title}>
      <div style={{ height: PROMO.heightPx }}>
        <AdSlide slide={{ title: ad.title, subtitle: ad.subtitle, type: ad.type, gradient: ad.bg_color, textColor: ad.text_color, showText: ad.show_text, mediaUrl: ad.media_url, mediaMime: ad.media_mime }} />
      </div>
      <div className="space-y-4 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="truncate font-semibold text-slate-900">{ad.title}</h2>
            <p className="text-xs text-slate-500">
              {t.createdOn(formatDate(ad.created_at))} · {t.types[ad.type]} · {adTargetLabel(ad.target_audience)}
            </p>
          </div>
          <AdStatusBadges ad={ad} />
        </div>

        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-xs text-slate-500">{t.summaryBudget}</dt>
            <dd className="font-semibold">{formatXaf(ad.budget)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">{t.summaryDuration}</dt>
            <dd className="font-semibold">{t.days(ad.duration)}</dd>
          </div>
          <div className="col-span-2">
            <dt className="text-xs text-slate-500">{t.summaryPeriod}</dt>
            <dd className="font-semibold">{ad.starts_at && ad.ends_at ? t.period(formatDate(ad.starts_at), formatDate(ad.ends_at)) : t.notStarted}</dd>
          </div>
        </dl>

        <section aria-label={t.performance} className="space-y-3 rounded-xl bg-slate-50 p-3">
          <div className="grid grid-cols-3 gap-2 text-center">
            <Stat label={t.impressions} value={formatNumber(stats.impressions)} testId="ad-impressions" />
            <Stat label={t.clicks} value={formatNumber(stats.clicks)} testId="ad-clicks" />
            <Stat label={t.clickRate} value={formatPercent(stats.click_rate)} testId="ad-click-rate" />
          </div>
          <p className="text-center text-xs text-slate-500">
            {t.estimate(formatNumber(stats.estimated_views))} · {t.estimatePerDay(formatNumber(AD_ESTIMATED_VIEWS_PER_DAY))}
          </p>
          <AdDailyChart days={stats.days} columns={ad.duration} />
        </section>

        {ad.review_reason && (ad.status === 'rejected' || ad.status === 'refunded') && (
          <div className="space-y-1 rounded-xl bg-rose-50 p-3 text-sm text-rose-900">
            <p>{t.rejectionReason(ad.review_reason)}</p>
            {ad.refund_status !== 'none' && <p className="font-semibold" data-testid="ad-refund">{t.refund[ad.refund_status]}</p>}
          </div>
        )}

        {sandboxStep && (
          <div className="flex flex-wrap items-center gap-2 rounded-xl border-2 border-dashed border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p className="w-full">{payment.customer_step === 'card_authentication' ? fr.checkoutUi.sandboxCardText(formatXaf(payment.amount)) : fr.checkoutUi.sandboxPhoneText(formatXaf(payment.amount), payment.phone_number ?? '')}</p>
            <Button size="sm" busy={action.isPending} onClick={() => action.mutate({ run: () => answerAdSandbox(ad.id, true) })}>
              {t.sandboxConfirm}
            </Button>
            <Button size="sm" variant="outline" disabled={action.isPending} onClick={() => action.mutate({ run: () => answerAdSandbox(ad.id, false) })}>
              {t.sandboxRefuse}
            </Button>
          </div>
        )}

        {payment?.method_type === 'bank_transfer' && payment.status === 'pending' && payment.transfer_reference && (
          <p className="rounded-xl bg-sky-50 p-3 text-sm text-sky-900">{fr.adsApi.transferInstructions(payment.transfer_reference, formatXaf(payment.amount))}</p>
        )}

        {canEdit(ad.status) && <p className="text-xs text-slate-500">{freeEdit ? t.freeEditUntil(formatDateTime(ad.free_edit_until)) : t.editGoesToReview}</p>}

        <div className="flex flex-wrap gap-2">
          {canPause(ad.status) && (
            <Button size="sm" variant="outline" icon={<Pause size={15} />} disabled={action.isPending} onClick={() => action.mutate({ run: () => pauseAd(ad.id), done: t.paused })}>
              {t.pause}
            </Button>
          )}
          {canResume(ad.status) && (
            <Button size="sm" variant="outline" icon={<Play size={15} />} disabled={action.isPending} onClick={() => action.mutate({ run: () => resumeAd(ad.id), done: t.resumed })}>
              {t.resume}
            </Button>
          )}
          {canPay(ad.status) && (
            <Button size="sm" icon={<Wallet size={15} />} onClick={() => onEdit(ad)}>
              {t.pay}
            </Button>
          )}
          {canEdit(ad.status) && !canPay(ad.status) && (
            <Button size="sm" variant="secondary" icon={<Pencil size={15} />} onClick={() => onEdit(ad)}>
              {t.edit}
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <p className="text-lg font-bold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </p>
      <p className="text-xs text-slate-500">{label}</p>
    </div>
  );
}
