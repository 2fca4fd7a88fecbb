// The "Scanner intelligent" result: the suggested product (name, brand, category, unit, estimated
// price in FCFA), its confidence — said plainly to be a guess under 50 % — and the labels read on
// the photo (6 at most), each with its own confidence.
import { AlertTriangle, BadgeCheck, PackagePlus } from 'lucide-react';
import { formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import { Badge } from '../../ui/Badge';
import { RECOGNITION_LABELS_MAX, RECOGNITION_MATCH_CONFIDENCE, type DetectedLabel, type SuggestedProduct } from '#contract/recognition';

/** Under this confidence the suggestion is not a catalogue match: it is said to be a guess. */
const GUESS_BELOW = RECOGNITION_MATCH_CONFIDENCE;

const percent = (confidence: number) => Math.round(Math.min(1, Math.max(0, confidence)) * 100);

function ConfidenceBar({ value, label }: { value: number; label: string }) {
  const n = percent(value);
  const colour = value >= 0.8 ? 'bg-brand-600' : value >= GUESS_BELOW ? 'bg-amber-500' : 'bg-rose-500';
  return (
    <div className="h-2 w-full overflow-hidden rounded-full bg-slate-100" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={n}>
      <div className={`h-full rounded-full ${colour}`} style={{ width: `${n}%` }} />
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{term}</dt>
      <dd className="truncate text-sm font-medium text-slate-900">{value}</dd>
    </div>
  );
}

type RecognitionResultProps = { photo: string; product: SuggestedProduct; labels: DetectedLabel[] };

export function RecognitionResult({ photo, product, labels }: RecognitionResultProps) {
  const guess = product.confidence < GUESS_BELOW;
  const shown = labels.slice(0, RECOGNITION_LABELS_MAX);
  return (
    <div className="space-y-4" data-testid="recognition-result">
      <section className="space-y-3 rounded-2xl border border-slate-200 p-3" aria-labelledby="recognition-suggestion">
        <div className="flex gap-3">
          <img src={photo} alt={fr.scanner.preview} className="size-20 shrink-0 rounded-xl bg-slate-100 object-cover" />
          <div className="min-w-0 flex-1 space-y-1">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{fr.scannerUi.resultTitle}</p>
            <h3 id="recognition-suggestion" className="break-words font-semibold text-slate-900">
              {product.product_name}
            </h3>
            {product.product_id ? (
              <Badge tone="green">
                <BadgeCheck size={14} className="mr-1" aria-hidden="true" />
                {fr.scannerUi.inCatalogue}
              </Badge>
            ) : (
              <Badge tone="slate">
                <PackagePlus size={14} className="mr-1" aria-hidden="true" />
                {fr.scannerUi.newProduct}
              </Badge>
            )}
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
          <Fact term={fr.scannerUi.brand} value={product.brand || fr.scannerUi.unknown} />
          <Fact term={fr.scannerUi.category} value={product.category || fr.scannerUi.unknown} />
          <Fact term={fr.scannerUi.unit} value={product.suggested_unit || fr.scannerUi.unknown} />
          <Fact term={fr.scannerUi.estimatedPrice} value={product.estimated_price === null ? fr.scannerUi.noPrice : formatXaf(product.estimated_price)} />
        </dl>
        <div className="space-y-1">
          <div className="flex items-baseline justify-between text-sm">
            <span className="text-slate-600">{fr.scannerUi.confidence}</span>
            <span className="font-semibold tabular-nums text-slate-900">{fr.scannerUi.percent(percent(product.confidence))}</span>
          </div>
          <ConfidenceBar value={product.confidence} label={fr.scannerUi.confidence} />
        </div>
        {guess && (
          <p className="flex gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900" role="note">
            <AlertTriangle size={16} className="mt-0.5 shrink-0" aria-hidden="true" />
            {fr.scannerUi.guess}
          </p>
        )}
      </section>
      <section className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">{fr.scannerUi.labelsTitle}</h3>
        {shown.length === 0 ? (
          <p className="text-sm text-slate-500">{fr.scannerUi.noLabels}</p>
        ) : (
          <ul className="space-y-2" aria-label={fr.scannerUi.labelsTitle}>
            {shown.map((label, i) => (
              <li key={`${label.description}-${i}`} className="space-y-1">
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="min-w-0 break-words text-slate-700">{label.description}</span>
                  <span className="shrink-0 tabular-nums text-slate-500">{fr.scannerUi.percent(percent(label.confidence))}</span>
                </div>
                <ConfidenceBar value={label.confidence} label={label.description} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
