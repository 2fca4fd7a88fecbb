// The pages whose screens combine features: the lists page opens the optimiser's price analysis,
// and the optimiser's screens end in checkout's booking step. Features never import each other;
// this module (app) plugs them together.
import { CheckoutPanel } from '../features/checkout/CheckoutPanel';
import { ImportPanel } from '../features/lists/ImportPanel';
import { ShoppingListsPage } from '../features/lists/ShoppingListsPage';
import { PriceAnalysisModal, type CheckoutRenderer } from '../features/optimiser/PriceAnalysisModal';
import { PriceComparisonPage } from '../features/optimiser/PriceComparisonPage';

const renderCheckout: CheckoutRenderer = ({ cart, onBooked, orderId, onOrderCreated }) => <CheckoutPanel cart={cart} onBooked={onBooked} initialOrderId={orderId} onOrderCreated={onOrderCreated} />;

export function ShoppingListsRoute() {
  return <ShoppingListsPage renderPriceAnalysis={(props) => <PriceAnalysisModal {...props} renderCheckout={renderCheckout} />} />;
}

export function PriceComparisonRoute() {
  return <PriceComparisonPage renderCheckout={renderCheckout} renderDocumentImport={({ onAdd }) => <ImportPanel onAdd={onAdd} />} />;
}
