// The ad manager's modal (spec part 2 sections 2 and 4): five tabs with free navigation, Previous /
// Next / Cancel, and a final button that creates the ad (POST /api/ads) then pays it
// (POST /api/ads/{id}/pay) and shows the outcome; the form then goes back to its defaults. Opened
// with an ad, it edits that ad instead (PUT), and pays it too when it is still unpaid.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdResponse } from '#contract/ads-api';
import { formatDateTime } from '#contract/format';
import { fr } from '#contract/messages';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { AdContentTab } from './AdContentTab';
import { AdMediaTab } from './AdMediaTab';
import { AdPaymentResult, type AdOutcome } from './AdPaymentResult';
import { AdPaymentTab } from './AdPaymentTab';
import { AdPreviewTab } from './AdPreviewTab';
import { AdTargetingTab } from './AdTargetingTab';
import { AdWizardTabs } from './AdWizardTabs';
import {
  AD_TABS,
  adFormDefaults,
  adFormFrom,
  errorsOfTab,
  firstTabWithError,
  payRequestOf,
  toDraft,
  validateAdForm,
  withoutPayment,
  type AdFormErrors,
  type AdFormValues,
  type AdTab,
} from './ad-form';
import { adsKeys, createAd, payAd, updateAd } from './ads-api';

const t = fr.adsUi;
const UNPAID = ['draft'];

type AdWizardProps = { open: boolean; onClose: () => void; ad?: AdResponse | null };

export function AdWizard({ open, onClose, ad = null }: AdWizardProps) {
  const client = useQueryClient();
  const payable = !ad || UNPAID.includes(ad.status);
  const tabs: readonly AdTab[] = payable ? AD_TABS : AD_TABS.filter((tab) => tab !== 'payment');
  const initial = () => (ad ? adFormFrom(ad) : adFormDefaults());

  const [values, setValues] = useState<AdFormValues>(initial);
  const [errors, setErrors] = useState<AdFormErrors>({});
  const [tab, setTab] = useState<AdTab>('content');
  const [busy, setBusy] = useState<'saving' | 'paying' | null>(null);
  const [outcome, setOutcome] = useState<AdOutcome | null>(null);
  const [editedFor, setEditedFor] = useState(ad?.id);

  // Opened on another ad: start from that ad.
  if (ad?.id !== editedFor) {
    setEditedFor(ad?.id);
    setValues(initial());
    setErrors({});
    setTab('content');
    setOutcome(null);
  }

  const change = (patch: Partial<AdFormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    // Errors already shown follow the fields as they are corrected.
    if (Object.keys(errors).length) {
      const fresh = validateAdForm(next);
      setErrors((old) => Object.fromEntries(Object.keys(old).flatMap((k) => (fresh[k as keyof AdFormErrors] ? [[k, fresh[k as keyof AdFormErrors]]] : []))));
    }
  };

  const close = () => {
    if (busy) return;
    onClose();
    // Back to the defaults after a creation (or a cancelled one); an edit restarts from its ad.
    setValues(initial());
    setErrors({});
    setTab('content');
    setOutcome(null);
  };

  const index = tabs.indexOf(tab);
  const last = index === tabs.length - 1;

  const next = () => {
    const own = errorsOfTab(validateAdForm(values), tab);
    if (Object.keys(own).length) return setErrors((old) => ({ ...old, ...own }));
    setTab(tabs[index + 1]);
  };

  const submit = async () => {
    const all = validateAdForm(values);
    const found = payable ? all : withoutPayment(all);
    if (Object.keys(found).length) {
      setErrors(found);
      setTab(firstTabWithError(found) ?? 'content');
      return;
    }
    setBusy('saving');
    let saved: AdResponse;
    try {
      saved = ad ? await updateAd(ad.id, toDraft(values)) : await createAd(toDraft(values));
    } catch (error) {
      setBusy(null);
      notifyError(ad ? errorMessage(error, t.actionError) : errorMessage(error, fr.ads.createError));
      return;
    } finally {
      void client.invalidateQueries({ queryKey: adsKeys.all });
    }
    if (!payable) {
      setBusy(null);
      notifySuccess(t.saved);
      close();
      return;
    }
    setBusy('paying');
    try {
      const paid = await payAd(saved.id, payRequestOf(values));
      setOutcome({ ad: paid, error: null });
    } catch (error) {
      setOutcome({ ad: saved, error: errorMessage(error, t.resultPayFailed) });
    } finally {
      setBusy(null);
      void client.invalidateQueries({ queryKey: adsKeys.all });
    }
    // The form is ready for the next ad (spec: type text, 7 days, all, 50 000, blue).
    if (!ad) setValues(adFormDefaults());
    setErrors({});
    setTab('content');
  };

  const invalidTabs = [...new Set(Object.keys(errors).filter((f) => errors[f as keyof AdFormErrors]).map((f) => firstTabWithError({ [f]: 'x' })).filter((x): x is AdTab => !!x))];

  const footer = outcome ? (
    <Button onClick={close}>{t.close}</Button>
  ) : (
    <>
      <Button variant="ghost" onClick={close} disabled={!!busy} className="mr-auto">
        {t.cancel}
      </Button>
      <Button variant="outline" onClick={() => setTab(tabs[index - 1])} disabled={index === 0 || !!busy}>
        {t.previous}
      </Button>
      {last ? (
        <Button onClick={() => void submit()} busy={!!busy} busyLabel={busy === 'paying' ? t.paying : ad ? t.saving : t.creating}>
          {ad && !payable ? t.saveChanges : t.create}
        </Button>
      ) : (
        <Button onClick={next}>{t.next}</Button>
      )}
    </>
  );

  return (
    <Modal open={open} onClose={close} title={ad ? t.wizardEditTitle : t.wizardTitle} description={outcome ? undefined : t.wizardDescription} size="lg" footer={footer}>
      {outcome ? (
        <AdPaymentResult outcome={outcome} onAnswered={(result) => setOutcome(result)} onLeave={close} />
      ) : (
        <>
          {ad && <p className="mb-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-900">{new Date(ad.free_edit_until) > new Date() ? t.freeEditUntil(formatDateTime(ad.free_edit_until)) : t.editGoesToReview}</p>}
          <AdWizardTabs tabs={tabs} active={tab} onChange={setTab} invalid={invalidTabs}>
            {tab === 'content' && <AdContentTab values={values} errors={errors} onChange={change} />}
            {tab === 'media' && <AdMediaTab values={values} errors={errors} onChange={change} onError={(media) => setErrors((old) => ({ ...old, media }))} />}
            {tab === 'targeting' && <AdTargetingTab values={values} onChange={change} termsLocked={!payable} />}
            {tab === 'preview' && <AdPreviewTab values={values} />}
            {tab === 'payment' && <AdPaymentTab values={values} errors={errors} onChange={change} />}
          </AdWizardTabs>
        </>
      )}
    </Modal>
  );
}
