import { UnderConstruction } from '../../ui/UnderConstruction';

export function DeliveryBookingPage() {
  return <UnderConstruction title="Réservation de livraison" />;
}
