// Booking a cart: the payment methods, the booking form, then the confirmation. Used by the
// price-analysis modal, the comparator's third step and /delivery-booking. It opens at its top
// (payment methods first), wherever the user had scrolled to reach "Ajouter au panier".
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
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
  const queryClient = useQueryClient();
  const top = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => scrollToTop(top.current), []);
  if (orderId) return <BookingConfirmation orderId={orderId} onSettled={onBooked} />;
  return (
    <div ref={top} className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <PaymentMethodsManager />
      <section aria-label={fr.checkoutUi.formTitle} className="min-w-0 space-y-3">
        <h3 className="font-semibold text-slate-900">{fr.checkoutUi.formTitle}</h3>
        <BookingForm
          cart={cart}
          onBooked={(result) => {
            // The booked list now waits for its delivery, and a list may hold the items left out.
            void queryClient.invalidateQueries({ queryKey: ['shopping-lists'] });
            setOrderId(result.order_id);
            onOrderCreated?.(result.order_id);
            onBooked?.();
          }}
        />
      </section>
    </div>
  );
}

/** Scrolls the panel's scrolling container (a dialog's body) back to its top, or the page when there is none. */
function scrollToTop(panel: HTMLElement | null): void {
  for (let box = panel?.parentElement ?? null; box; box = box.parentElement) {
    const { overflowY } = getComputedStyle(box);
    if ((overflowY === 'auto' || overflowY === 'scroll') && box.scrollHeight > box.clientHeight) {
      box.scrollTop = 0;
      return;
    }
  }
  window.scrollTo({ top: 0 });
}
