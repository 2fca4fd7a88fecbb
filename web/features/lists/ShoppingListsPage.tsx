import { UnderConstruction } from '../../ui/UnderConstruction';

export function ShoppingListsPage() {
  return <UnderConstruction title="Mes listes" />;
}
