// Document import (spec part 2 section 4): a photo taken or chosen, a PDF, a .txt/.csv file or a
// pasted list, sent to the server, read and matched to the catalogue. States: no file → analysing
// (upload then the server's stages, on one progress bar) → review of the items found, or failure
// with a retry. Removing the file goes back to the start (and the list editor to manual mode).
import { Camera, ClipboardList, FileText, FileUp, RotateCcw, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ExtractedItem, ImportResult } from '#contract/imports';
import { fr } from '#contract/messages';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/Field';
import { FileInput } from '../../ui/FileInput';
import { checkDocument, isImageFile, overallPercent, stageLabel } from './import-document';
import type { UploadProgress } from './import-upload';
import { ImportReview } from './ImportReview';
import { extractShoppingList } from './lists-api';

const t = fr.importsUi;
const ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp,application/pdf,.pdf,text/plain,text/csv,text/tab-separated-values,.txt,.csv,.tsv';
const PASTED_NAME = 'liste-collee.txt';

type Source = { kind: 'file'; file: File } | { kind: 'text'; text: string };
type Analysis =
  | { status: 'idle' }
  | { status: 'analysing'; progress: UploadProgress; percent: number }
  | { status: 'done'; result: ImportResult }
  | { status: 'failed'; message: string };

type ImportPanelProps = {
  onAdd: (items: ExtractedItem[]) => void;
  /** Called when the file is removed (the list editor goes back to manual mode). */
  onReset?: () => void;
};

export function ImportPanel({ onAdd, onReset }: ImportPanelProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
  const [text, setText] = useState('');
  const [source, setSource] = useState<Source | null>(null);
  const [analysis, setAnalysis] = useState<Analysis>({ status: 'idle' });
  const [fileError, setFileError] = useState<string | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const analyse = async (next: Source) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const start: UploadProgress = { phase: 'uploading', progress: 0 };
    setAnalysis({ status: 'analysing', progress: start, percent: 0 });
    const [blob, name] = next.kind === 'file' ? [next.file, next.file.name] : [new Blob([next.text], { type: 'text/plain' }), PASTED_NAME];
    try {
      const result = await extractShoppingList(
        blob,
        name,
        (progress) => setAnalysis((current) => ({ status: 'analysing', progress, percent: overallPercent(progress, current.status === 'analysing' ? current.percent : 0) })),
        controller.signal,
      );
      if (controller.signal.aborted) return;
      if (result.enhanced_items.length === 0) setAnalysis({ status: 'failed', message: fr.lists.importFailed });
      else setAnalysis({ status: 'done', result });
    } catch (error) {
      if (controller.signal.aborted) return;
      setAnalysis({ status: 'failed', message: errorMessage(error, fr.lists.importError) });
    }
  };

  const start = (next: Source) => {
    setFileError(null);
    setSource(next);
    void analyse(next);
  };

  const onFile = (picked: File) => {
    const refused = checkDocument(picked);
    if (refused) return setFileError(refused);
    start({ kind: 'file', file: picked });
  };

  const remove = () => {
    running.current?.abort();
    running.current = null;
    setSource(null);
    setAnalysis({ status: 'idle' });
    onReset?.();
  };

  return (
    <div className="min-w-0 space-y-4">
      {/* Opened by the two buttons below, which are what keyboards and screen readers reach. */}
      <FileInput ref={fileInput} accept={ACCEPT} hidden onFiles={([file]) => onFile(file)} />
      <FileInput ref={cameraInput} accept="image/*" capture="environment" hidden onFiles={([file]) => onFile(file)} />

      {!source ? (
        <>
          <p className="text-sm text-slate-600">{t.hint}</p>
          <div className="grid gap-2 sm:grid-cols-2">
            <Button variant="secondary" size="lg" onClick={() => cameraInput.current?.click()} icon={<Camera size={18} aria-hidden="true" />}>
              {t.takePhoto}
            </Button>
            <Button variant="outline" size="lg" onClick={() => fileInput.current?.click()} icon={<FileUp size={18} aria-hidden="true" />}>
              {t.chooseFile}
            </Button>
          </div>
          <p className="text-xs text-slate-500">{t.formats}</p>
          {fileError && (
            <p className="rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-800" role="alert">
              {fileError}
            </p>
          )}
          <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-slate-400 uppercase" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-200" /> {t.or} <span className="h-px flex-1 bg-slate-200" />
          </div>
          <TextAreaField label={fr.listsUi.pasteLabel} rows={5} value={text} onChange={(e) => setText(e.target.value)} placeholder={'2 kg riz parfumé\nHuile Cuisin’Or 1L\n3 boîtes de sardines'} />
          <Button variant="secondary" onClick={() => start({ kind: 'text', text })} disabled={text.trim() === ''} icon={<ClipboardList size={16} aria-hidden="true" />}>
            {fr.listsUi.analyse}
          </Button>
        </>
      ) : (
        <SourceChip source={source} onRemove={remove} />
      )}

      {analysis.status === 'analysing' && <AnalysisProgress progress={analysis.progress} percent={analysis.percent} />}

      {analysis.status === 'failed' && source && (
        <div className="space-y-3 rounded-xl border border-rose-200 bg-rose-50 p-3">
          <p className="text-sm font-medium text-rose-800" role="alert">
            {analysis.message}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => void analyse(source)} icon={<RotateCcw size={14} aria-hidden="true" />}>
              {t.retry}
            </Button>
            <Button variant="ghost" size="sm" onClick={remove} icon={<X size={14} aria-hidden="true" />}>
              {t.removeFile}
            </Button>
          </div>
        </div>
      )}

      {analysis.status === 'done' && <ImportReview result={analysis.result} onAdd={onAdd} />}
    </div>
  );
}

const formatSize = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} Ko` : `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} Mo`);

function SourceChip({ source, onRemove }: { source: Source; onRemove: () => void }) {
  const preview = usePreviewUrl(source.kind === 'file' && isImageFile(source.file) ? source.file : null);
  const [title, detail] =
    source.kind === 'file' ? [source.file.name, formatSize(source.file.size)] : [t.pastedText, t.pastedLines(source.text.split('\n').filter((l) => l.trim()).length)];
  const Icon = source.kind === 'file' ? FileText : ClipboardList;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 p-2.5" data-testid="import-source">
      {preview ? (
        <img src={preview} alt={t.photoPreview(title)} className="size-16 shrink-0 rounded-lg border border-slate-200 bg-white object-cover" />
      ) : (
        <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-white text-brand-700 ring-1 ring-slate-200">
          <Icon size={22} aria-hidden="true" />
        </span>
      )}
      <div className="min-w-0 flex-1 basis-32">
        <p className="truncate text-sm font-medium text-slate-900">{title}</p>
        <p className="text-xs text-slate-500">{detail}</p>
      </div>
      <Button variant="ghost" size="sm" onClick={onRemove} className="ml-auto text-rose-700 hover:bg-rose-50" icon={<X size={16} aria-hidden="true" />}>
        {t.removeFile}
      </Button>
    </div>
  );
}

/** An object URL for the photo's thumbnail, revoked when the photo changes or the chip goes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function AnalysisProgress({ progress, percent }: { progress: UploadProgress; percent: number }) {
  const label = stageLabel(progress);
  return (
    <div className="space-y-2" data-testid="import-progress">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="min-w-0 font-medium text-slate-800" aria-live="polite">
          {label}
        </span>
        <span className="shrink-0 text-slate-500 tabular-nums">{t.percent(percent)}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${label} ${t.percent(percent)}`}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-300 ease-out" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
