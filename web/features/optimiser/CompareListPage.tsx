import { UnderConstruction } from '../../ui/UnderConstruction';

export function CompareListPage() {
  return <UnderConstruction title="Comparer les prix" />;
}
