// The review of what a document gave: per line, what was read, the product it was matched to (or a
// manual item), how sure the match is, the quantity and whether to add it. A wrong match is
// replaced from the next best candidates or the catalogue search, or kept as a manual item.
import { AlertTriangle, CheckCircle2, CircleHelp, PenLine, Plus, RefreshCw } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import type { ExtractedItem, ImportResult, MatchCandidate, MatchConfidence } from '#contract/imports';
import type { ProductSuggestion } from '#contract/lists';
import { fr } from '#contract/messages';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { ProductSearchCombobox } from '../../ui/ProductSearchCombobox';
import { QuantityStepper } from '../../ui/QuantityStepper';
import { manualNameFrom, toExtractedItems, toReviewLines, type ReviewChoice, type ReviewLine } from './import-document';
import { searchCatalogue } from './lists-api';

const t = fr.importsUi;

type ImportReviewProps = { result: ImportResult; onAdd: (items: ExtractedItem[]) => void };

export function ImportReview({ result, onAdd }: ImportReviewProps) {
  const [lines, setLines] = useState<ReviewLine[]>(() => toReviewLines(result.enhanced_items));
  const [changing, setChanging] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const update = (key: string, patch: Partial<ReviewLine>) => setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const choose = (key: string, choice: ReviewChoice) => {
    update(key, { choice, changed: true, checked: true });
    setChanging(null);
    setAnnounce(t.replaced(choice.name));
  };

  const checkedCount = lines.filter((l) => l.checked).length;
  const toVerify = lines.filter((l) => l.confidence === 'low' && !l.changed).length;
  const fromOcr = result.document_kind === 'photo' || result.document_kind === 'scanned_pdf';

  return (
    <div className="space-y-3">
      <div className="space-y-1">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 font-semibold text-brand-800">
          <span className="inline-flex items-center gap-2">
            <CheckCircle2 size={18} aria-hidden="true" /> {fr.listsUi.importFound(lines.length)}
          </span>
          {toVerify > 0 && (
            <span className="inline-flex items-center gap-1 text-sm font-medium text-amber-800">
              <AlertTriangle size={16} aria-hidden="true" /> {t.lowConfidenceCount(toVerify)}
            </span>
          )}
        </p>
        <p className="text-sm text-slate-600">{t.reviewHint}</p>
      </div>
      {fromOcr && (
        <p className="flex items-start gap-2 rounded-xl bg-sky-50 px-3 py-2 text-sm text-sky-900">
          <PenLine size={18} className="mt-0.5 shrink-0" aria-hidden="true" /> {t.handwritingNote}
        </p>
      )}
      <ul className="space-y-2" aria-label={t.reviewTitle}>
        {lines.map((line) => (
          <ReviewRow
            key={line.key}
            line={line}
            open={changing === line.key}
            onOpen={() => setChanging(changing === line.key ? null : line.key)}
            onClose={() => setChanging(null)}
            onChange={(patch) => update(line.key, patch)}
            onChoose={(choice) => choose(line.key, choice)}
          />
        ))}
      </ul>
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      <div className="flex justify-end">
        <Button onClick={() => onAdd(toExtractedItems(lines))} disabled={checkedCount === 0} icon={<Plus size={16} aria-hidden="true" />} block className="sm:w-auto">
          {t.addItems(checkedCount)}
        </Button>
      </div>
    </div>
  );
}

type RowProps = {
  line: ReviewLine;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onChange: (patch: Partial<ReviewLine>) => void;
  onChoose: (choice: ReviewChoice) => void;
};

const FRAME: Record<MatchConfidence, string> = {
  high: 'border-slate-200',
  medium: 'border-slate-200 border-l-4 border-l-amber-300',
  low: 'border-amber-400 bg-amber-50/70 ring-1 ring-amber-300',
};

function ReviewRow({ line, open, onOpen, onClose, onChange, onChoose }: RowProps) {
  const id = useId();
  const { choice } = line;
  const manual = choice.kind === 'manual';
  const frame = line.changed ? 'border-brand-200 bg-brand-50/40' : FRAME[line.confidence];
  return (
    <li className={`rounded-xl border bg-white p-3 ${frame} ${line.checked ? '' : 'opacity-70'}`} data-testid="import-line" data-confidence={line.confidence}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <input
            id={`${id}-check`}
            type="checkbox"
            checked={line.checked}
            onChange={(e) => onChange({ checked: e.target.checked })}
            className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-brand-700"
          />
          <div className="min-w-0 flex-1">
            <label htmlFor={`${id}-check`} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium break-words text-slate-900">{choice.name}</span>
              {manual && <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">{t.manualItem}</span>}
            </label>
            <p className="mt-0.5 text-xs break-words text-slate-500">
              {t.read} : « {line.read} »
            </p>
            <div className="mt-1">
              <ConfidenceTag confidence={line.confidence} changed={line.changed} />
            </div>
          </div>
        </div>
        <div className="flex items-center gap-2 pl-8 sm:pl-0">
          <QuantityStepper
            value={line.quantity}
            label={`${fr.listsUi.quantity} ${choice.name}`}
            decreaseLabel={fr.listsUi.decrease(choice.name)}
            increaseLabel={fr.listsUi.increase(choice.name)}
            onChange={(quantity) => onChange({ quantity })}
            // Below 1 the line is not removed (what was read stays visible): it is left out.
            onRemove={() => onChange({ checked: false })}
          />
          <Button variant="outline" size="sm" onClick={onOpen} aria-expanded={open} aria-controls={`${id}-change`} aria-label={t.changeFor(line.read)} icon={<RefreshCw size={14} aria-hidden="true" />}>
            {t.change}
          </Button>
        </div>
      </div>
      {open && <ChangePanel id={`${id}-change`} line={line} onChoose={onChoose} onClose={onClose} />}
    </li>
  );
}

function ConfidenceTag({ confidence, changed }: { confidence: MatchConfidence; changed: boolean }) {
  if (changed)
    return (
      <span className="inline-flex items-center gap-1 text-xs font-medium text-brand-800">
        <CheckCircle2 size={14} aria-hidden="true" /> {t.changed}
      </span>
    );
  const styles: Record<MatchConfidence, string> = {
    high: 'text-brand-800',
    medium: 'text-amber-700',
    low: 'rounded bg-amber-100 px-1.5 py-0.5 font-semibold text-amber-900',
  };
  const Icon = confidence === 'high' ? CheckCircle2 : confidence === 'medium' ? CircleHelp : AlertTriangle;
  return (
    <span className={`inline-flex items-center gap-1 text-xs font-medium ${styles[confidence]}`} title={t.confidenceTitle[confidence]}>
      <Icon size={14} aria-hidden="true" /> {t.confidence[confidence]}
      <span className="sr-only"> — {t.confidenceTitle[confidence]}</span>
    </span>
  );
}

type ChangePanelProps = { id: string; line: ReviewLine; onChoose: (choice: ReviewChoice) => void; onClose: () => void };

function ChangePanel({ id, line, onChoose, onClose }: ChangePanelProps) {
  const [manualName, setManualName] = useState(() => manualNameFrom(line.read));
  const [error, setError] = useState<string | undefined>();
  const search = useCallback((q: string, signal: AbortSignal) => searchCatalogue(q, signal), []);
  const current = line.choice.kind === 'product' ? line.choice.product_id : null;

  // Quick choices: the first match (to go back to it) and the next best candidates.
  const quick: MatchCandidate[] = line.matched ? [line.matched] : [];
  for (const c of line.candidates) if (!quick.some((q) => q.product_id === c.product_id)) quick.push(c);
  const choices = quick.filter((c) => c.product_id !== current);

  const pick = (p: { product_id: string; name: string; brand: string | null; category: string | null }) =>
    onChoose({ kind: 'product', product_id: p.product_id, name: p.name, brand: p.brand, category: p.category || null });
  const pickSuggestion = (p: ProductSuggestion) => pick({ product_id: p.id, name: p.name, brand: p.brand, category: p.category });
  const keepManual = () => {
    const name = manualName.trim();
    if (!name) return setError(fr.lists.itemNameRequired);
    onChoose({ kind: 'manual', name });
  };

  return (
    <div id={id} role="group" aria-label={t.changeTitle(line.read)} className="mt-3 space-y-4 rounded-xl bg-slate-50 p-3">
      {choices.length > 0 && (
        <div className="space-y-2">
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t.suggestions}</p>
          <ul className="grid gap-2 sm:grid-cols-2">
            {choices.map((c) => (
              <li key={c.product_id}>
                <button
                  type="button"
                  onClick={() => pick(c)}
                  className="h-full w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-left text-sm hover:border-brand-500 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-600/30 focus-visible:outline-none"
                >
                  <span className="block font-medium break-words text-slate-900">{c.name}</span>
                  {(c.brand || c.category) && <span className="block truncate text-xs text-slate-500">{[c.brand, c.category].filter(Boolean).join(' · ')}</span>}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ProductSearchCombobox search={search} onPick={pickSuggestion} detailed />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <TextField
            label={t.manualName}
            value={manualName}
            maxLength={120}
            error={error}
            onChange={(e) => {
              setManualName(e.target.value);
              setError(undefined);
            }}
          />
        </div>
        <Button variant="outline" onClick={keepManual} className="h-auto min-h-11 py-2 text-center sm:mt-7">
          {t.keepManual}
        </Button>
      </div>
      <div className="flex justify-end">
        <Button variant="ghost" size="sm" onClick={onClose}>
          {t.closeChange}
        </Button>
      </div>
    </div>
  );
}
