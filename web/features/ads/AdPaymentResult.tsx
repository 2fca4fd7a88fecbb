// What the final button led to: the ad is created and its payment succeeded, waits for the
// advertiser's confirmation (the sandbox phone or card page, answered here in test mode), waits for a
// bank transfer (with its reference), or failed. A sandbox payment is labelled 'mode test'.
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, Clock, FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdResponse } from '#contract/ads-api';
import { formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import { errorMessage } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { Button, buttonClasses } from '../../ui/Button';
import { adsKeys, answerAdSandbox } from './ads-api';

const t = fr.adsUi;

export type AdOutcome = { ad: AdResponse; error: string | null };

type Tone = 'ok' | 'wait' | 'bad';
const TONES: Record<Tone, { icon: React.ReactNode; box: string }> = {
  ok: { icon: <CircleCheck size={28} className="text-brand-700" aria-hidden="true" />, box: 'bg-brand-50 text-brand-900' },
  wait: { icon: <Clock size={28} className="text-amber-600" aria-hidden="true" />, box: 'bg-amber-50 text-amber-900' },
  bad: { icon: <CircleAlert size={28} className="text-rose-600" aria-hidden="true" />, box: 'bg-rose-50 text-rose-900' },
};

function describe({ ad, error }: AdOutcome): { tone: Tone; text: string } {
  const payment = ad.payment;
  if (error) return { tone: 'bad', text: `${t.resultPayFailed} ${error === t.resultPayFailed ? '' : error}`.trim() };
  if (!payment || payment.status === 'failed') return { tone: 'bad', text: t.resultPayFailed };
  if (payment.status === 'succeeded') return { tone: 'ok', text: t.resultPaid };
  if (payment.method_type === 'bank_transfer') return { tone: 'wait', text: t.resultTransfer };
  return { tone: 'wait', text: t.resultPending };
}

export function AdPaymentResult({ outcome, onAnswered, onLeave }: { outcome: AdOutcome; onAnswered: (outcome: AdOutcome) => void; onLeave: () => void }) {
  const client = useQueryClient();
  const [answering, setAnswering] = useState<boolean | null>(null);
  const { ad } = outcome;
  const payment = ad.payment;
  const { tone, text } = describe(outcome);
  const sandboxStep = !outcome.error && payment?.status === 'pending' && payment.test_mode && payment.customer_step;

  const answer = async (approve: boolean) => {
    setAnswering(approve);
    try {
      onAnswered({ ad: await answerAdSandbox(ad.id, approve), error: null });
    } catch (error) {
      notifyError(errorMessage(error, t.actionError));
    } finally {
      setAnswering(null);
      void client.invalidateQueries({ queryKey: adsKeys.all });
    }
  };

  return (
    <div className="space-y-4" role="status" aria-live="polite" data-testid="ad-result">
      <div className={`flex items-start gap-3 rounded-2xl p-4 ${TONES[tone].box}`}>
        {TONES[tone].icon}
        <div className="min-w-0 space-y-1">
          <p className="font-semibold">{t.resultTitle}</p>
          <p className="text-sm">{text}</p>
          <p className="text-sm font-medium">
            « {ad.title} » · {formatXaf(ad.budget)}
          </p>
        </div>
      </div>

      {payment?.test_mode && (
        <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">
          <FlaskConical size={14} aria-hidden="true" /> {fr.checkoutUi.sandboxBadge} · {t.testMode}
        </p>
      )}

      {sandboxStep && (
        <section className="space-y-3 rounded-2xl border-2 border-dashed border-amber-300 bg-amber-50 p-4" aria-label={payment.customer_step === 'card_authentication' ? fr.checkoutUi.sandboxCardTitle : fr.checkoutUi.sandboxPhoneTitle}>
          <h3 className="font-semibold text-amber-900">{payment.customer_step === 'card_authentication' ? fr.checkoutUi.sandboxCardTitle : fr.checkoutUi.sandboxPhoneTitle}</h3>
          <p className="text-sm text-amber-900">
            {payment.customer_step === 'card_authentication' ? fr.checkoutUi.sandboxCardText(formatXaf(payment.amount)) : fr.checkoutUi.sandboxPhoneText(formatXaf(payment.amount), payment.phone_number ?? '')}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void answer(true)} busy={answering === true} disabled={answering !== null}>
              {t.sandboxConfirm}
            </Button>
            <Button variant="outline" onClick={() => void answer(false)} busy={answering === false} disabled={answering !== null}>
              {t.sandboxRefuse}
            </Button>
          </div>
        </section>
      )}

      {payment?.method_type === 'bank_transfer' && payment.transfer_reference && payment.status === 'pending' && (
        <p className="rounded-xl bg-sky-50 p-3 text-sm text-sky-900">{fr.adsApi.transferInstructions(payment.transfer_reference, formatXaf(payment.amount))}</p>
      )}

      <p className="text-sm text-slate-600">{t.visibleAfterValidation}</p>
      <Link to="/mes-annonces" onClick={onLeave} className={buttonClasses({ variant: 'secondary' })}>
        {t.seeMyAds}
      </Link>
    </div>
  );
}
