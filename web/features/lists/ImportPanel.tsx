// Document import: a pasted list or a .txt/.csv file, analysed by the server (lines read, matched
// to the catalogue). States: nothing yet → analysing → items found, or failure. Removing the file
// goes back to manual mode. Photos and PDF come with their own feature.
import { CheckCircle2, FileUp, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { IMPORT_MAX_BYTES } from '#contract/constants';
import type { ExtractedItem } from '#contract/lists';
import { fr } from '#contract/messages';
import { ApiError } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Checkbox, TextAreaField } from '../../ui/Field';
import { importListText } from './lists-api';

const TEXT_FILE = /\.(txt|csv|tsv|text)$/i;

type Analysis = { status: 'idle' } | { status: 'analysing' } | { status: 'done'; items: ExtractedItem[] } | { status: 'failed'; message: string };

export function ImportPanel({ onAdd, onReset }: { onAdd: (items: ExtractedItem[]) => void; onReset: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [analysis, setAnalysis] = useState<Analysis>({ status: 'idle' });
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [fileError, setFileError] = useState<string | null>(null);

  const analyse = async (content: string, filename: string | null) => {
    setAnalysis({ status: 'analysing' });
    try {
      const result = await importListText(content, filename);
      setAnalysis({ status: 'done', items: result.enhanced_items });
      setChosen(new Set(result.enhanced_items.map((_, i) => i)));
    } catch (error) {
      const unreadable = error instanceof ApiError && error.status === 422;
      setAnalysis({ status: 'failed', message: unreadable ? fr.lists.importFailed : fr.lists.importError });
    }
  };

  const onFile = async (picked: File | undefined) => {
    setFileError(null);
    if (!picked) return;
    if (picked.size > IMPORT_MAX_BYTES) return setFileError(fr.lists.fileTooLarge);
    const isText = picked.type.startsWith('text/') || TEXT_FILE.test(picked.name);
    if (!isText) return setFileError(fr.listsUi.unsupportedFile);
    setFile(picked);
    await analyse(await picked.text(), picked.name);
  };

  const removeFile = () => {
    setFile(null);
    setAnalysis({ status: 'idle' });
    if (input.current) input.current.value = '';
    onReset();
  };

  const toggle = (index: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{fr.listsUi.importHint}</p>
      {!file && (
        <>
          <TextAreaField label={fr.listsUi.pasteLabel} rows={5} value={text} onChange={(e) => setText(e.target.value)} placeholder={'2 x Riz parfumé\nHuile de palme\nSucre (2)'} />
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void analyse(text, null)} disabled={text.trim() === '' || analysis.status === 'analysing'} busy={analysis.status === 'analysing'} busyLabel={fr.listsUi.analysing}>
              {fr.listsUi.analyse}
            </Button>
            <Button variant="outline" onClick={() => input.current?.click()} icon={<FileUp size={16} aria-hidden="true" />}>
              {fr.listsUi.chooseFile}
            </Button>
          </div>
        </>
      )}
      <input ref={input} type="file" accept=".txt,.csv,.tsv,text/plain,text/csv" className="sr-only" aria-label={fr.listsUi.chooseFile} onChange={(e) => void onFile(e.target.files?.[0])} />
      {fileError && (
        <p className="text-sm text-rose-600" role="alert">
          {fileError}
        </p>
      )}
      {file && (
        <div className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
          <span className="truncate">{fr.listsUi.fileChosen(file.name)}</span>
          <button type="button" onClick={removeFile} className="flex items-center gap-1 rounded-lg px-2 py-1 font-medium text-rose-700 hover:bg-rose-50">
            <X size={16} aria-hidden="true" /> {fr.listsUi.removeFile}
          </button>
        </div>
      )}
      {analysis.status === 'analysing' && file && <p className="text-sm text-slate-500">{fr.listsUi.analysing}</p>}
      {analysis.status === 'failed' && (
        <p className="rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-800" role="alert">
          {analysis.message}
        </p>
      )}
      {analysis.status === 'done' && (
        <div className="space-y-3">
          <p className="flex items-center gap-2 font-semibold text-brand-800">
            <CheckCircle2 size={18} aria-hidden="true" /> {fr.listsUi.importFound(analysis.items.length)}
          </p>
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {analysis.items.map((item, index) => (
              <li key={`${item.name}-${index}`} className="px-3 py-2">
                <Checkbox
                  checked={chosen.has(index)}
                  onChange={() => toggle(index)}
                  label={`${item.quantity} × ${item.name}`}
                  hint={`${item.exists_in_db ? fr.listsUi.matched : fr.listsUi.notMatched} · ${fr.listsUi.confidence[item.confidence]}${item.original_text !== item.name ? ` — « ${item.original_text} »` : ''}`}
                />
              </li>
            ))}
          </ul>
          <Button onClick={() => onAdd(analysis.items.filter((_, i) => chosen.has(i)))} disabled={chosen.size === 0}>
            {fr.listsUi.importAdd}
          </Button>
        </div>
      )}
    </div>
  );
}
