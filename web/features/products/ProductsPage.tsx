import { UnderConstruction } from '../../ui/UnderConstruction';

export function ProductsPage() {
  return <UnderConstruction title="Produits" />;
}
