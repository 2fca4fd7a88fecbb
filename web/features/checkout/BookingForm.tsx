// The delivery booking form: address (with quick picks), date from tomorrow, one of the three time
// slots, a payment method. Every field is required ('Veuillez remplir tous les champs requis');
// the server's detail is shown when it refuses, 'Erreur lors de la réservation' otherwise. A method
// this server cannot take now (production without the sandbox) is disabled with the reason, and a
// method paid through the sandbox says that the order will be a test order.
import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { BOOKING_MAX_DAYS_AHEAD, type BookingResult, type CartRef } from '#contract/checkout';
import { addDays, todayInGabon } from '#contract/format';
import { fr } from '#contract/messages';
import { BOOKING_SLOTS } from '#contract/orders';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useOnline } from '../../lib/use-online';
import { Button } from '../../ui/Button';
import { OfflineNote } from '../../ui/OfflineNote';
import { Money } from '../../ui/Money';
import { SelectField, TextAreaField, TextField } from '../../ui/Field';
import { bookDelivery, paymentMethodsQuery, usePaymentAvailability } from './checkout-api';

export function BookingForm({ cart, onBooked }: { cart: CartRef; onBooked: (result: BookingResult) => void }) {
  const { data: methods = [] } = useQuery(paymentMethodsQuery);
  const availability = usePaymentAvailability();
  const payable = (type: (typeof methods)[number]['method_type']) => availability(type)?.available ?? true;
  const today = todayInGabon();
  const [address, setAddress] = useState('');
  const [date, setDate] = useState(addDays(today, 1));
  const [slot, setSlot] = useState('');
  const [methodId, setMethodId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const online = useOnline();
  const offlineNoteId = useId();
  const chosenMethod = methodId || methods.find((m) => m.is_default && payable(m.method_type))?.id || '';
  const chosenType = methods.find((m) => m.id === chosenMethod)?.method_type;
  const testPayment = chosenType ? availability(chosenType)?.test_mode === true : false;
  // Why the disabled methods cannot be chosen (once per reason).
  const reasons = [...new Set(methods.flatMap((m) => (payable(m.method_type) ? [] : [availability(m.method_type)?.reason ?? ''])).filter(Boolean))];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!cart.cart_id) return setError(fr.booking.noCart);
    if (!address.trim() || !date || !slot || !chosenMethod) return setError(fr.booking.requiredFields);
    if (date < addDays(today, 1)) return setError(fr.checkoutUi.dateTooEarly);
    setError(null);
    setBusy(true);
    try {
      const result = await bookDelivery({ cart_id: cart.cart_id, delivery_address: address.trim(), delivery_date: date, delivery_time_slot: slot as (typeof BOOKING_SLOTS)[number], payment_method_id: chosenMethod });
      notifySuccess(fr.checkoutUi.booked);
      onBooked(result);
    } catch (e) {
      const message = errorMessage(e, fr.booking.error);
      setError(message);
      notifyError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="@container space-y-4" noValidate aria-label={fr.checkoutUi.formTitle}>
      <div className="flex items-baseline justify-between gap-3 rounded-xl bg-slate-50 px-3 py-2">
        <span className="text-sm text-slate-600">{fr.checkoutUi.total}</span>
        <Money amount={cart.total_cost} className="text-lg font-bold text-slate-900" />
      </div>
      <TextAreaField label={fr.checkoutUi.address} placeholder={fr.checkoutUi.addressPlaceholder} rows={2} maxLength={500} value={address} onChange={(e) => setAddress(e.target.value)} />
      <div className="flex flex-wrap gap-2" aria-label={fr.checkoutUi.presets}>
        {fr.checkoutUi.presetAddresses.map((preset) => (
          <button key={preset} type="button" onClick={() => setAddress(preset)} className="rounded-full border border-slate-300 bg-white px-3 py-1 text-xs font-medium text-slate-700 hover:border-brand-600 hover:text-brand-800">
            {preset}
          </button>
        ))}
      </div>
      {/* Side by side only when the form itself is wide enough for the slot's placeholder (not in a narrow column). */}
      <div className="grid gap-3 @lg:grid-cols-2">
        <TextField label={fr.checkoutUi.date} type="date" min={addDays(today, 1)} max={addDays(today, BOOKING_MAX_DAYS_AHEAD)} value={date} onChange={(e) => setDate(e.target.value)} />
        <SelectField label={fr.checkoutUi.slot} value={slot} onChange={(e) => setSlot(e.target.value)}>
          <option value="">{fr.checkoutUi.chooseSlot}</option>
          {BOOKING_SLOTS.map((s) => (
            <option key={s} value={s}>
              {fr.checkoutUi.slotOptions[s]}
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField label={fr.checkoutUi.paymentMethod} value={chosenMethod} onChange={(e) => setMethodId(e.target.value)} hint={methods.length === 0 ? fr.checkoutUi.noPaymentMethod : undefined}>
        <option value="">{fr.checkoutUi.choosePayment}</option>
        {methods.map((m) => (
          <option key={m.id} value={m.id} disabled={!payable(m.method_type)}>
            {payable(m.method_type) ? m.display_name : fr.livePayments.unavailableOption(m.display_name)}
          </option>
        ))}
      </SelectField>
      {reasons.length > 0 && (
        <ul className="-mt-2 space-y-1 text-xs text-slate-600" data-testid="unavailable-payment-reasons">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      {testPayment && (
        <p className="-mt-2 flex items-start gap-1.5 rounded-lg bg-amber-50 px-2.5 py-2 text-xs text-amber-900">
          <FlaskConical size={14} className="mt-0.5 shrink-0" aria-hidden="true" />
          {fr.livePayments.testMethodNote}
        </p>
      )}
      {error && (
        <p className="rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-800" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" block size="lg" busy={busy} busyLabel={fr.checkoutUi.booking} disabled={!online} aria-describedby={online ? undefined : offlineNoteId}>
        {fr.checkoutUi.book}
      </Button>
      {!online && <OfflineNote id={offlineNoteId} className="-mt-2" />}
    </form>
  );
}
