import { UnderConstruction } from '../../ui/UnderConstruction';

export function StoreFinderPage() {
  return <UnderConstruction title="Trouver un magasin" />;
}
