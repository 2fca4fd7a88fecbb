import { UnderConstruction } from '../../ui/UnderConstruction';

export function DeliveriesPage() {
  return <UnderConstruction title="Livraisons" />;
}
