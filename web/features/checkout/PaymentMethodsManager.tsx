// The user's payment methods: list, add (mobile money, card, cash), choose the default, delete
// after confirmation. A card number is grouped by four as it is typed; only its last four digits
// ever come back from the server. A type this server cannot take now (production without the
// sandbox) is marked 'Indisponible' and cannot be added.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Banknote, CreditCard, Plus, Smartphone, Star, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { fr } from '#contract/messages';
import { PAYMENT_TYPES, type PaymentType } from '#contract/orders';
import {
  CARD_BRAND_LABELS,
  CARD_NUMBER_MAX_LENGTH,
  EXPIRY_MONTHS,
  expiryYears,
  formatCardNumber,
  isMobileMoney,
  PAYMENT_TYPE_LABELS,
  PaymentMethodInputSchema,
  type PaymentMethod,
} from '#contract/payments';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useOnline } from '../../lib/use-online';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Checkbox, SelectField, TextField } from '../../ui/Field';
import { OfflineNote } from '../../ui/OfflineNote';
import { addPaymentMethod, deletePaymentMethod, makeDefaultPaymentMethod, paymentMethodsKey, paymentMethodsQuery, usePaymentAvailability } from './checkout-api';

export function methodSummary(method: PaymentMethod): string {
  const d = method.details;
  if ('card_last4' in d) return `${CARD_BRAND_LABELS[d.card_brand]} •••• ${d.card_last4} · ${fr.paymentsUi.expires(d.expiry_month, d.expiry_year)}`;
  if ('phone_number' in d) return `${PAYMENT_TYPE_LABELS[method.method_type]} · ${d.phone_number}`;
  return PAYMENT_TYPE_LABELS.cash;
}

export function MethodIcon({ type }: { type: PaymentType }) {
  if (type === 'card') return <CreditCard size={18} aria-hidden="true" />;
  if (type === 'cash') return <Banknote size={18} aria-hidden="true" />;
  return <Smartphone size={18} aria-hidden="true" />;
}

export function PaymentMethodsManager() {
  const queryClient = useQueryClient();
  const { data: methods = [], isPending } = useQuery(paymentMethodsQuery);
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<PaymentMethod | null>(null);
  const availability = usePaymentAvailability();
  const refresh = () => queryClient.invalidateQueries({ queryKey: paymentMethodsKey });
  // Adding, removing or choosing the default method needs the server.
  const online = useOnline();
  const offlineNoteId = useId();
  const needsServer = { disabled: !online, 'aria-describedby': online ? undefined : offlineNoteId };

  const remove = useMutation({
    mutationFn: (m: PaymentMethod) => deletePaymentMethod(m.id),
    onSuccess: () => {
      notifySuccess(fr.paymentsUi.deleted);
      setToDelete(null);
      void refresh();
    },
    onError: (error) => notifyError(errorMessage(error, fr.paymentsUi.deleteError)),
  });
  const makeDefault = useMutation({ mutationFn: (m: PaymentMethod) => makeDefaultPaymentMethod(m.id), onSuccess: () => void refresh(), onError: (e) => notifyError(errorMessage(e, fr.common.unknownError)) });

  return (
    <section aria-labelledby="payment-methods-title" className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="payment-methods-title" className="font-semibold text-slate-900">
          {fr.paymentsUi.title}
        </h3>
        {!adding && (
          <Button size="sm" variant="secondary" className="shrink-0 whitespace-nowrap" onClick={() => setAdding(true)} icon={<Plus size={16} aria-hidden="true" />} {...needsServer}>
            {fr.paymentsUi.add}
          </Button>
        )}
      </div>
      {!online && <OfflineNote id={offlineNoteId} />}
      {!isPending && methods.length === 0 && !adding && <p className="text-sm text-slate-500">{fr.paymentsUi.empty}</p>}
      <ul className="space-y-2">
        {methods.map((m) => (
          <li key={m.id} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2.5">
            <span className="rounded-lg bg-slate-100 p-2 text-slate-700">
              <MethodIcon type={m.method_type} />
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-900">
                {m.display_name}
                {m.is_default && <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-800">{fr.paymentsUi.default}</span>}
              </p>
              <p className="truncate text-xs text-slate-500" title={availability(m.method_type)?.reason ?? undefined}>
                {availability(m.method_type)?.available === false && (
                  <>
                    <span className="font-semibold text-rose-700">{fr.livePayments.unavailableTag}</span> ·{' '}
                  </>
                )}
                {methodSummary(m)}
              </p>
            </div>
            {!m.is_default && (
              <button type="button" onClick={() => makeDefault.mutate(m)} {...needsServer} className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 disabled:opacity-40" aria-label={`${fr.paymentsUi.makeDefault} : ${m.display_name}`} title={fr.paymentsUi.makeDefault}>
                <Star size={18} />
              </button>
            )}
            <button type="button" onClick={() => setToDelete(m)} {...needsServer} className="rounded-lg p-2 text-rose-600 hover:bg-rose-50 disabled:opacity-40" aria-label={`${fr.common.delete} ${m.display_name}`}>
              <Trash2 size={18} />
            </button>
          </li>
        ))}
      </ul>
      {adding && <AddPaymentMethodForm online={online} onDone={() => setAdding(false)} />}
      <ConfirmDialog
        open={toDelete !== null}
        title={fr.paymentsUi.deleteTitle}
        message={fr.paymentMethods.confirmDelete}
        confirmLabel={fr.common.delete}
        danger
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        onCancel={() => setToDelete(null)}
      />
    </section>
  );
}

type FormState = { method_type: PaymentType | ''; display_name: string; phone_number: string; card_number: string; card_name: string; expiry_month: string; expiry_year: string; is_default: boolean };
const EMPTY: FormState = { method_type: '', display_name: '', phone_number: '', card_number: '', card_name: '', expiry_month: '', expiry_year: '', is_default: false };

function AddPaymentMethodForm({ online, onDone }: { online: boolean; onDone: () => void }) {
  const queryClient = useQueryClient();
  const availability = usePaymentAvailability();
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<FormState>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors({});
  };

  const save = useMutation({
    mutationFn: addPaymentMethod,
    onSuccess: () => {
      notifySuccess(fr.paymentsUi.added);
      void queryClient.invalidateQueries({ queryKey: paymentMethodsKey });
      onDone();
    },
    onError: (error) => notifyError(errorMessage(error, fr.paymentMethods.addError)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const type = form.method_type;
    const details =
      type === 'card'
        ? { card_number: form.card_number, card_name: form.card_name, expiry_month: form.expiry_month, expiry_year: form.expiry_year }
        : type === 'cash'
          ? { payment_on_delivery: true }
          : { phone_number: form.phone_number };
    const payload = { method_type: type, display_name: form.display_name, details, is_default: form.is_default };
    const parsed = PaymentMethodInputSchema.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue.path[issue.path.length - 1] ?? 'form');
      return setErrors({ [field === 'details' ? 'card' : field]: issue.message });
    }
    save.mutate(parsed.data);
  };

  const type = form.method_type;
  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl border border-brand-200 bg-brand-50/40 p-3" noValidate aria-label={fr.paymentsUi.add}>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label={fr.paymentsUi.type} value={type} error={errors.method_type} onChange={(e) => set({ method_type: e.target.value as PaymentType, display_name: form.display_name || PAYMENT_TYPE_LABELS[e.target.value as PaymentType] || '' })}>
          <option value="">—</option>
          {PAYMENT_TYPES.map((t) => {
            const unavailable = availability(t)?.available === false;
            return (
              <option key={t} value={t} disabled={unavailable}>
                {unavailable ? fr.livePayments.unavailableOption(PAYMENT_TYPE_LABELS[t]) : PAYMENT_TYPE_LABELS[t]}
              </option>
            );
          })}
        </SelectField>
        <TextField label={fr.paymentsUi.displayName} placeholder={fr.paymentsUi.displayNamePlaceholder} value={form.display_name} maxLength={60} error={errors.display_name} onChange={(e) => set({ display_name: e.target.value })} />
      </div>
      {type && isMobileMoney(type) && (
        <TextField label={fr.paymentsUi.phone} type="tel" inputMode="tel" placeholder={fr.paymentsUi.phonePlaceholder} value={form.phone_number} error={errors.phone_number} onChange={(e) => set({ phone_number: e.target.value })} />
      )}
      {type === 'card' && (
        <div className="space-y-3">
          <TextField
            label={fr.paymentsUi.cardNumber}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
            maxLength={CARD_NUMBER_MAX_LENGTH}
            value={form.card_number}
            error={errors.card_number}
            onChange={(e) => set({ card_number: formatCardNumber(e.target.value) })}
          />
          <TextField label={fr.paymentsUi.cardName} autoComplete="cc-name" value={form.card_name} maxLength={60} onChange={(e) => set({ card_name: e.target.value.toUpperCase() })} />
          <div className="grid grid-cols-2 gap-3">
            <SelectField label={fr.paymentsUi.expiryMonth} value={form.expiry_month} error={errors.expiry_month} onChange={(e) => set({ expiry_month: e.target.value })}>
              <option value="">{fr.paymentsUi.month}</option>
              {EXPIRY_MONTHS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </SelectField>
            <SelectField label={fr.paymentsUi.expiryYear} value={form.expiry_year} error={errors.expiry_year} onChange={(e) => set({ expiry_year: e.target.value })}>
              <option value="">{fr.paymentsUi.year}</option>
              {expiryYears().map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </SelectField>
          </div>
          <p className="text-xs text-slate-500">{fr.paymentsUi.cardHint}</p>
          {errors.card && (
            <p className="text-sm text-rose-600" role="alert">
              {errors.card}
            </p>
          )}
        </div>
      )}
      {type === 'cash' && <p className="text-sm text-slate-600">{fr.paymentsUi.cashHint}</p>}
      <Checkbox label={fr.paymentsUi.isDefault} checked={form.is_default} onChange={(e) => set({ is_default: e.target.checked })} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onDone}>
          {fr.paymentsUi.cancel}
        </Button>
        <Button type="submit" size="sm" busy={save.isPending} busyLabel={fr.paymentsUi.adding} disabled={!online} title={online ? undefined : fr.offline.needsConnection}>
          {fr.paymentsUi.save}
        </Button>
      </div>
    </form>
  );
}
