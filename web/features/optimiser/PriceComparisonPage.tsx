import { UnderConstruction } from '../../ui/UnderConstruction';

export function PriceComparisonPage() {
  return <UnderConstruction title="Comparateur de Prix" />;
}
