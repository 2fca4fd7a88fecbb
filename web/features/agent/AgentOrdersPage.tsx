import { UnderConstruction } from '../../ui/UnderConstruction';

export function AgentOrdersPage() {
  return <UnderConstruction title="Mes commandes" />;
}
