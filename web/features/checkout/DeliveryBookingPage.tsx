// /delivery-booking: reached after "Ajouter au panier" with { cart_id, view_type, total_cost } in
// router state. After booking, the order id goes into the address (?commande=…) so that a reload
// keeps showing the confirmation.
import { ShoppingCart } from 'lucide-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { CartRef } from '#contract/checkout';
import { fr } from '#contract/messages';
import { buttonClasses } from '../../ui/Button';
import { Card, EmptyState, PageHeader } from '../../ui/Card';
import { BookingConfirmation } from './BookingConfirmation';
import { CheckoutPanel } from './CheckoutPanel';

export function DeliveryBookingPage() {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const cart = location.state as CartRef | null;
  const orderId = params.get('commande');

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title={fr.checkoutUi.title} />
      {orderId ? (
        <Card className="p-4 sm:p-6">
          <BookingConfirmation orderId={orderId} />
        </Card>
      ) : cart?.cart_id ? (
        <Card className="p-4 sm:p-6">
          <CheckoutPanel cart={cart} onOrderCreated={(id) => setParams({ commande: id }, { replace: true, state: cart })} />
        </Card>
      ) : (
        <EmptyState
          icon={<ShoppingCart size={24} />}
          title={fr.booking.noCart}
          action={
            <Link to="/price-comparison" className={buttonClasses()}>
              {fr.checkoutUi.goToComparator}
            </Link>
          }
        />
      )}
    </div>
  );
}

