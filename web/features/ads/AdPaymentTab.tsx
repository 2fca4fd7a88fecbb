// Wizard tab 5: how the ad is paid (mobile money Airtel/Moov with the phone, card, bank transfer
// validated within 24 h), the conditions of the spec and the total.
import { Building2, CreditCard, Smartphone } from 'lucide-react';
import { AD_PAYMENT_METHODS, type AdPaymentMethod } from '#contract/ads';
import { formatXaf } from '#contract/format';
import { fr } from '#contract/messages';
import type { AdMobileOperator } from '#contract/ads-api';
import { SelectField, TextField } from '../../ui/Field';
import type { AdFormErrors, AdFormValues } from './ad-form';
import { ChoiceCards } from './ChoiceCards';

const t = fr.adsUi;
const ICONS: Record<AdPaymentMethod, React.ReactNode> = {
  mobile_money: <Smartphone size={18} className="mt-0.5 shrink-0 text-slate-500" aria-hidden="true" />,
  bank_card: <CreditCard size={18} className="mt-0.5 shrink-0 text-slate-500" aria-hidden="true" />,
  bank_transfer: <Building2 size={18} className="mt-0.5 shrink-0 text-slate-500" aria-hidden="true" />,
};

type TabProps = { values: AdFormValues; errors: AdFormErrors; onChange: (patch: Partial<AdFormValues>) => void };

export function AdPaymentTab({ values, errors, onChange }: TabProps) {
  return (
    <div className="space-y-5">
      <ChoiceCards<AdPaymentMethod>
        legend={t.paymentMethod}
        value={values.paymentMethod}
        onChange={(paymentMethod) => onChange({ paymentMethod })}
        choices={AD_PAYMENT_METHODS.map((m) => ({ value: m, label: t.methods[m], hint: t.methodHints[m], adornment: ICONS[m] }))}
      />

      {values.paymentMethod === 'mobile_money' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField label={t.operator} value={values.operator} onChange={(e) => onChange({ operator: e.target.value as AdMobileOperator })}>
            <option value="airtel_money">{t.operators.airtel_money}</option>
            <option value="moov_money">{t.operators.moov_money}</option>
          </SelectField>
          <TextField
            label={t.phone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={t.phonePlaceholder}
            value={values.phone}
            maxLength={30}
            onChange={(e) => onChange({ phone: e.target.value })}
            error={errors.phone}
          />
        </div>
      )}

      {values.paymentMethod === 'bank_card' && <p className="rounded-xl bg-sky-50 p-3 text-sm text-sky-900">{t.cardText}</p>}

      {values.paymentMethod === 'bank_transfer' && <p className="rounded-xl bg-sky-50 p-3 text-sm text-sky-900">{t.bankTransferText}</p>}

      <section className="rounded-xl border border-slate-200 p-4">
        <h3 className="text-sm font-semibold text-slate-900">{t.conditionsTitle}</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600">
          {t.conditions.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      </section>

      <p className="flex items-baseline justify-between rounded-xl bg-slate-900 px-4 py-3 text-white">
        <span className="text-sm">{t.total}</span>
        <strong className="text-lg" data-testid="ad-total">
          {formatXaf(values.budget)}
        </strong>
      </p>
    </div>
  );
}
