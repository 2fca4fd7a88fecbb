import { UnderConstruction } from '../../ui/UnderConstruction';

export function CreateListPage() {
  return <UnderConstruction title="Créer une liste" />;
}
