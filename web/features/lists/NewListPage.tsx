import { UnderConstruction } from '../../ui/UnderConstruction';

export function NewListPage() {
  return <UnderConstruction title="Nouvelle liste" />;
}
