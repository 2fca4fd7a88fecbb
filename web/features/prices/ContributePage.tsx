import { UnderConstruction } from '../../ui/UnderConstruction';

export function ContributePage() {
  return <UnderConstruction title="Contribuer aux prix" />;
}
