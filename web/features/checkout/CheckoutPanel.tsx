// Booking a cart: the payment methods, the booking form, then the confirmation. Used by the
// price-analysis modal, the comparator's third step and /delivery-booking.
import { useState } from 'react';
import type { CartRef } from '#contract/checkout';
import { fr } from '#contract/messages';
import { BookingConfirmation } from './BookingConfirmation';
import { BookingForm } from './BookingForm';
import { PaymentMethodsManager } from './PaymentMethodsManager';

type CheckoutPanelProps = {
  cart: CartRef;
  /** Called once the order exists (the list is now waiting for delivery), then after the payment answer. */
  onBooked?: () => void;
  /** The new order's id, as soon as it exists. */
  onOrderCreated?: (orderId: string) => void;
  initialOrderId?: string | null;
};

export function CheckoutPanel({ cart, onBooked, onOrderCreated, initialOrderId = null }: CheckoutPanelProps) {
  const [orderId, setOrderId] = useState<string | null>(initialOrderId);
  if (orderId) return <BookingConfirmation orderId={orderId} onSettled={onBooked} />;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <PaymentMethodsManager />
      <section aria-label={fr.checkoutUi.formTitle} className="min-w-0 space-y-3">
        <h3 className="font-semibold text-slate-900">{fr.checkoutUi.formTitle}</h3>
        <BookingForm
          cart={cart}
          onBooked={(result) => {
            setOrderId(result.order_id);
            onOrderCreated?.(result.order_id);
            onBooked?.();
          }}
        />
      </section>
    </div>
  );
}
