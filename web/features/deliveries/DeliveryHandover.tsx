// The customer's side of the handover (issue 30, item 3): once the agent is « En route », the code
// to give at the door, large; and the order's timeline, each step with its time.
import { Camera, CheckCircle2, Circle, KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatDateTime } from '#contract/format';
import { fr } from '#contract/messages';
import type { DeliveryRequest } from '#contract/orders';
import { apiBlob, errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';

const texts = fr.handover;
const STEPS = ['created_at', 'assigned_at', 'picked_up_at', 'en_route_at', 'delivered_at'] as const;

/** The badge's words: « Livrée (sans code) » for a delivery completed on a door photo. */
export const deliveryStatusWords = (d: DeliveryRequest, label: (status: string) => string) =>
  d.status === 'delivered' && d.delivered_without_code ? texts.status.delivered_without_code : label(d.status);

export function HandoverCode({ delivery: d }: { delivery: DeliveryRequest }) {
  if (!d.handover_code) return null;
  return (
    <p className="flex items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 p-3 text-brand-900" data-testid="handover-code">
      <KeyRound size={18} className="shrink-0" aria-hidden="true" />
      <span className="font-semibold">{texts.code(d.handover_code)}</span>
    </p>
  );
}

/** Shown once an agent took the order: the steps done, with their times, and those to come. */
export function DeliveryTimeline({ delivery: d }: { delivery: DeliveryRequest }) {
  if (!d.assigned_at) return null;
  return (
    <section aria-label={texts.timelineTitle} data-testid="delivery-timeline">
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{texts.timelineTitle}</h3>
      <ol className="space-y-1 text-sm">
        {STEPS.map((step) => {
          const at = d[step];
          const label = step === 'delivered_at' && d.delivered_without_code ? texts.status.delivered_without_code : texts.timeline[step];
          return (
            <li key={step} className={`flex items-center gap-2 ${at ? 'text-slate-800' : 'text-slate-400'}`} data-testid={`timeline-${step}`}>
              {at ? <CheckCircle2 size={16} className="shrink-0 text-brand-600" aria-hidden="true" /> : <Circle size={16} className="shrink-0" aria-hidden="true" />}
              <span className="min-w-0 flex-1 font-medium">{label}</span>
              {at && <time className="shrink-0 whitespace-nowrap text-xs text-slate-500">{formatDateTime(at)}</time>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The door photo of a delivery completed without the code: private, so fetched with the session. */
export function DeliveryProof({ delivery: d }: { delivery: DeliveryRequest }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  if (!d.delivery_proof_url) return null;
  const show = async () => {
    setLoading(true);
    try {
      setUrl(URL.createObjectURL(await apiBlob(d.delivery_proof_url!)));
      setError(null);
    } catch (e) {
      setError(errorMessage(e, texts.proofNotFound));
    } finally {
      setLoading(false);
    }
  };
  return (
    <div className="space-y-2">
      {url ? (
        <img src={url} alt={texts.proofAlt} className="max-h-64 w-full rounded-xl object-contain" data-testid="delivery-proof" />
      ) : (
        <Button size="sm" variant="outline" busy={loading} onClick={() => void show()} icon={<Camera size={16} aria-hidden="true" />}>
          {texts.proofLink}
        </Button>
      )}
      {error && (
        <p className="text-sm text-rose-600" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
