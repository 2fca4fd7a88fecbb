// « Publier ma liste de prix »: the file (CSV or XLSX), its columns, the review, then what was
// published. The file is checked here for what needs no server (empty, too big, not CSV/XLSX by
// name); the server reads it and says the rest in French.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileSpreadsheet, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { PRICE_LIST_MAX_BYTES, type PriceList, type PriceListPublish, type PriceListPublished } from '#contract/merchants';
import { fr } from '#contract/messages';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { FileInput } from '../../ui/FileInput';
import { Spinner } from '../../ui/Spinner';
import { Steps } from '../../ui/Steps';
import { ColumnMapping } from './ColumnMapping';
import { merchantKeys, publishPriceList, uploadPriceList } from './merchants-api';
import { PriceListReview } from './PriceListReview';

const t = fr.merchantsUi;
const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function checkFile(file: File): string | null {
  if (file.size === 0) return fr.merchants.fileEmpty;
  if (file.size > PRICE_LIST_MAX_BYTES) return fr.merchants.fileTooLarge(PRICE_LIST_MAX_BYTES / 1024 / 1024);
  return /\.(csv|xlsx|txt)$/i.test(file.name) ? null : fr.merchants.fileFormat;
}

type Step = 'file' | 'columns' | 'review' | 'done';

export function PriceListPublisher({ onSeePrices }: { onSeePrices: () => void }) {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>('file');
  const [list, setList] = useState<PriceList | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<PriceListPublished | null>(null);

  const upload = useMutation({
    mutationFn: uploadPriceList,
    onSuccess: (read) => {
      setList(read);
      setStep('columns');
    },
    onError: (e) => setFileError(errorMessage(e, t.uploadError)),
  });
  const publish = useMutation({
    mutationFn: (body: PriceListPublish) => publishPriceList(list!.price_list_id, body),
    onSuccess: (published) => {
      setResult(published);
      setStep('done');
      notifySuccess(t.published(published.created, published.held));
      void client.invalidateQueries({ queryKey: merchantKeys.prices });
      void client.invalidateQueries({ queryKey: ['products'] });
    },
  });

  const choose = (file: File) => {
    const problem = checkFile(file);
    setFileError(problem);
    if (!problem) upload.mutate(file);
  };
  const restart = () => {
    setList(null);
    setResult(null);
    setFileError(null);
    upload.reset();
    publish.reset();
    setStep('file');
  };

  if (step === 'done' && result)
    return (
      <Card className="flex flex-col items-center gap-3 px-5 py-8 text-center" role="status" data-testid="price-list-published">
        <span className="rounded-full bg-brand-50 p-3 text-brand-700">
          <CheckCircle2 size={28} aria-hidden="true" />
        </span>
        <h2 className="text-lg font-semibold text-slate-900">{t.publishedTitle}</h2>
        <p className="font-medium text-brand-800">{t.published(result.created, result.held)}</p>
        <p className="max-w-md text-sm text-slate-600">{t.publishedText}</p>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <Button onClick={onSeePrices}>{t.seeMyPrices}</Button>
          <Button variant="outline" onClick={restart}>
            {t.publishAnother}
          </Button>
        </div>
      </Card>
    );

  const current = step === 'file' ? 1 : step === 'columns' ? 2 : 3;
  return (
    <Card className="space-y-5 p-4 sm:p-6">
      <Steps labels={t.publishSteps} current={current} label={t.publishStepsLabel} onBack={(n) => (n === 1 ? restart() : setStep('columns'))} />
      {step === 'file' && (
        <div className="space-y-4">
          <div>
            <h2 className="text-lg font-semibold text-slate-900">{t.fileTitle}</h2>
            <p className="mt-1 text-sm text-slate-600">{t.fileHint}</p>
          </div>
          <FileInput ref={input} accept={ACCEPT} aria-label={t.fileLabel} onFiles={([file]) => choose(file)} />
          {upload.isPending ? (
            <p className="flex items-center gap-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-700" role="status">
              <Spinner size={16} /> {t.reading}
            </p>
          ) : (
            <Button block variant="secondary" size="lg" icon={<Upload size={18} aria-hidden="true" />} onClick={() => input.current?.click()}>
              {t.chooseFile}
            </Button>
          )}
          <p className="flex items-center gap-2 text-xs text-slate-500">
            <FileSpreadsheet size={14} aria-hidden="true" /> CSV, XLSX — {PRICE_LIST_MAX_BYTES / 1024 / 1024} Mo
          </p>
          {fileError && (
            <p className="rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-800" role="alert">
              {fileError}
            </p>
          )}
        </div>
      )}
      {step === 'columns' && list && <ColumnMapping list={list} onList={setList} onNext={() => setStep('review')} />}
      {step === 'review' && list && (
        <>
          <PriceListReview key={JSON.stringify(list.mapping)} list={list} busy={publish.isPending} onPublish={(body) => publish.mutate(body)} />
          {publish.isError && (
            <p className="rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-800" role="alert">
              {errorMessage(publish.error, t.publishError)}
            </p>
          )}
        </>
      )}
    </Card>
  );
}
