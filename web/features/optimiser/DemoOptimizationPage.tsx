import { UnderConstruction } from '../../ui/UnderConstruction';

export function DemoOptimizationPage() {
  return <UnderConstruction title="Démonstration de l'optimisation" />;
}
