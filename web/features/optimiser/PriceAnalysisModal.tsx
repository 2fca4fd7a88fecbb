// "Analyse des prix" of a list (/shopping-lists): the optimiser, then — once the user adds a view to
// the cart — the booking step, which the app provides (payment methods and booking form).
import { ArrowLeft } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { CartRef } from '#contract/checkout';
import type { ShoppingList } from '#contract/lists';
import { fr } from '#contract/messages';
import { Modal } from '../../ui/Modal';
import { OptimisationPanel } from './OptimisationPanel';

/** The booking step of a cart; `orderId` once booked (the comparator keeps it across reloads). */
export type CheckoutRenderer = (props: { cart: CartRef; onBooked: () => void; orderId?: string | null; onOrderCreated?: (orderId: string) => void }) => ReactNode;

type PriceAnalysisModalProps = { list: ShoppingList; onClose: () => void; onBooked: () => void; renderCheckout: CheckoutRenderer };

export function PriceAnalysisModal({ list, onClose, onBooked, renderCheckout }: PriceAnalysisModalProps) {
  const [cart, setCart] = useState<CartRef | null>(null);
  const lines = list.items.map((i) => ({ product_id: i.product_id, product_name: i.name, quantity: i.quantity }));
  return (
    <Modal open title={`${fr.listsUi.priceAnalysis} — ${list.name}`} onClose={onClose} size="xl" description={fr.listsUi.items(list.item_count)}>
      {cart ? (
        <div className="space-y-4">
          <button type="button" onClick={() => setCart(null)} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
            <ArrowLeft size={16} aria-hidden="true" /> {fr.optimiserUi.backToOptimisation}
          </button>
          {renderCheckout({ cart, onBooked })}
        </div>
      ) : (
        <OptimisationPanel lines={lines} list={list} onCart={setCart} />
      )}
    </Modal>
  );
}
