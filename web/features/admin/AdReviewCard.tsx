// One ad for a moderator: the slide as the banner will show it, its texts, advertiser, terms and
// payment, and the decision its status allows — approve or reject (with the reason the advertiser
// reads, and a refund) an ad waiting for review; mark a bank transfer received; mark a transfer
// refund sent.
import { Banknote, Check, Undo2, X } from 'lucide-react';
import { useState } from 'react';
import { adTargetLabel } from '#contract/ads';
import type { AdminAd } from '#contract/ads-api';
import { PROMO } from '#contract/constants';
import { formatDateTime, formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import { AdSlide } from '../../ui/AdSlide';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { AdStatusBadges } from '../ads/AdStatusBadges';
import { adDecisions } from './admin-ads-api';
import { ReasonDialog } from './ReasonDialog';
import { useModerationAction } from './use-moderation-action';

const t = fr.adsUi;
const a = fr.adsUi.admin;
export function AdReviewCard({ ad }: { ad: AdminAd }) {
  const [rejecting, setRejecting] = useState(false);
  const approve = useModerationAction(() => adDecisions.approve(ad.id));
  const reject = useModerationAction((reason: string) => adDecisions.reject(ad.id, reason), () => setRejecting(false));
  const received = useModerationAction(() => adDecisions.paymentReceived(ad.id));
  const refunded = useModerationAction(() => adDecisions.refundSent(ad.id));
  const busy = approve.isPending || reject.isPending || received.isPending || refunded.isPending;
  const payment = ad.payment;
  const transfer = payment?.method_type === 'bank_transfer';

  return (
    <Card className="overflow-hidden" role="article" aria-label={a.cardLabel(ad.title)} data-testid="admin-ad-card">
      <div style={{ height: PROMO.heightPx }}>
        <AdSlide slide={{ title: ad.title, subtitle: ad.subtitle, type: ad.type, gradient: ad.bg_color, textColor: ad.text_color, showText: ad.show_text, mediaUrl: ad.media_url, mediaMime: ad.media_mime, badge: fr.banner.sponsored }} />
      </div>
      <div className="space-y-2 p-4 text-sm">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 className="font-semibold text-slate-900">{ad.title}</h3>
            <p className="text-slate-600">{ad.subtitle}</p>
          </div>
          <AdStatusBadges ad={ad} />
        </div>
        {ad.description && <p className="text-slate-700">{a.description(ad.description)}</p>}
        <p className="text-slate-600">
          {a.advertiser(ad.advertiser.full_name)} · <span className="break-all">{ad.advertiser.email}</span>
        </p>
        <p className="text-slate-600">
          {t.types[ad.type]} · {t.days(ad.duration)} · {adTargetLabel(ad.target_audience)} · <strong>{formatXaf(ad.budget)}</strong>
        </p>
        <p className="text-slate-600">
          {a.submittedOn(formatDateTime(ad.created_at))}
          {payment && <> · {a.paymentLine(t.methods[ad.payment_method], a.paymentStatuses[payment.status])}</>}
          {payment?.transfer_reference && <> · {payment.transfer_reference}</>}
        </p>
        {ad.review_reason && <p className="text-rose-800">{t.rejectionReason(ad.review_reason)}</p>}
        {ad.refund_status !== 'none' && <p className="font-medium text-slate-700">{t.refund[ad.refund_status]}</p>}
      </div>
      <footer className="flex flex-wrap justify-end gap-2 border-t border-slate-100 bg-slate-50/60 p-3">
        {ad.status === 'awaiting_review' && (
          <>
            <Button variant="outline" className="flex-1 text-rose-700 sm:flex-none" icon={<X size={16} aria-hidden="true" />} onClick={() => setRejecting(true)} disabled={busy}>
              {a.reject}
            </Button>
            <Button className="flex-1 sm:flex-none" icon={<Check size={16} aria-hidden="true" />} onClick={() => approve.mutate(undefined)} busy={approve.isPending} disabled={busy}>
              {a.approve}
            </Button>
          </>
        )}
        {ad.status === 'awaiting_payment' && transfer && payment?.status === 'pending' && (
          <Button icon={<Banknote size={16} aria-hidden="true" />} onClick={() => received.mutate(undefined)} busy={received.isPending} disabled={busy}>
            {a.paymentReceived}
          </Button>
        )}
        {ad.status === 'rejected' && transfer && ad.refund_status === 'pending' && (
          <Button variant="outline" icon={<Undo2 size={16} aria-hidden="true" />} onClick={() => refunded.mutate(undefined)} busy={refunded.isPending} disabled={busy}>
            {a.refundSent}
          </Button>
        )}
      </footer>
      <ReasonDialog open={rejecting} title={a.rejectTitle} description={a.rejectDescription} confirmLabel={a.reject} busy={reject.isPending} onConfirm={(reason) => reject.mutate(reason)} onCancel={() => setRejecting(false)} />
    </Card>
  );
}
