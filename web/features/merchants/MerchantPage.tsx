// /commerce, the merchant space: without a merchant account, « Demander un compte commerçant »;
// pending, « Demande en cours d'examen » with the store; refused, the reason and a new application;
// approved, the store's price list publishing, « Mes prix » and the ad manager (« Mes publicités »).
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Megaphone, Store as StoreIcon, Tag, Upload } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '#contract/format';
import type { Merchant } from '#contract/merchants';
import { fr } from '#contract/messages';
import { ApplicationState } from '../../ui/ApplicationState';
import { Button } from '../../ui/Button';
import { Card, PageHeader } from '../../ui/Card';
import { LoadError } from '../../ui/LoadError';
import { PageLoader } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { MerchantApplicationForm } from './MerchantApplicationForm';
import { myMerchantQuery } from './merchants-api';
import { MyPrices } from './MyPrices';
import { PriceListPublisher } from './PriceListPublisher';
import { placeOf } from './StorePicker';

const t = fr.merchantsUi;
type View = 'publish' | 'prices';

function Application({ merchant }: { merchant: Merchant }) {
  const [again, setAgain] = useState(false);
  const refused = merchant.status === 'refused';
  if (again) return <MerchantApplicationForm initial={{ manager_name: merchant.manager_name, phone: merchant.phone }} />;
  return (
    <ApplicationState
      refused={refused}
      title={refused ? t.refusedTitle : t.pendingTitle}
      text={refused ? t.refusedText : t.pendingText}
      reason={refused && merchant.review_reason ? t.refusedReason(merchant.review_reason) : null}
      sentOn={t.sentOn(formatDate(merchant.created_at))}
      data-testid="merchant-application-state"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <StoreIcon size={16} className="shrink-0 text-brand-700" aria-hidden="true" />
        {t.storeLine(merchant.store.name, placeOf(merchant.store))}
      </p>
      {refused && (
        <Button variant="outline" onClick={() => setAgain(true)}>
          {t.applyAgain}
        </Button>
      )}
    </ApplicationState>
  );
}

function MerchantSpace({ merchant }: { merchant: Merchant }) {
  const [params, setParams] = useSearchParams();
  const view: View = params.get('vue') === 'prix' ? 'prices' : 'publish';
  const show = (next: View) => setParams(next === 'prices' ? { vue: 'prix' } : {}, { replace: true });
  return (
    <div className="space-y-4">
      <p className="flex items-center gap-2 rounded-xl bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-900" data-testid="merchant-store">
        <StoreIcon size={16} className="shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-words">{t.storeOf(merchant.store.name)}</span>
      </p>
      <Tabs
        items={[
          { key: 'publish', label: t.tabPublish, icon: <Upload size={16} aria-hidden="true" /> },
          { key: 'prices', label: t.tabPrices, icon: <Tag size={16} aria-hidden="true" /> },
        ]}
        active={view}
        onChange={show}
        label={t.sectionsLabel}
      >
        {view === 'publish' ? <PriceListPublisher onSeePrices={() => show('prices')} /> : <MyPrices />}
      </Tabs>
      <Card className="p-0">
        <Link to="/mes-annonces" className="flex items-center gap-3 p-4 hover:bg-slate-50">
          <span className="rounded-full bg-violet-50 p-2 text-violet-700">
            <Megaphone size={18} aria-hidden="true" />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-semibold text-slate-900">{t.myAds}</span>
            <span className="block text-sm text-slate-600">{t.myAdsHint}</span>
          </span>
          <ChevronRight size={18} className="shrink-0 text-slate-400" aria-hidden="true" />
        </Link>
      </Card>
    </div>
  );
}

export function MerchantPage() {
  const { data, isPending, isError, refetch } = useQuery(myMerchantQuery);
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      {isPending ? (
        <PageLoader />
      ) : isError ? (
        <LoadError message={t.loadError} onRetry={() => void refetch()} />
      ) : data === null ? (
        <MerchantApplicationForm />
      ) : data.status === 'approved' ? (
        <MerchantSpace merchant={data} />
      ) : (
        <Application merchant={data} />
      )}
    </div>
  );
}
