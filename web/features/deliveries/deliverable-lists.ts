// Which of the user's lists 'Nouvelle demande de livraison' can deliver, and why not the others.
import { listLock, type ShoppingList } from '#contract/lists';

/** A shopping list as the delivery form needs it (GET /api/shopping-lists). */
export type ListChoice = Pick<ShoppingList, 'id' | 'name' | 'status' | 'cart_validated' | 'item_count'>;

/**
 * Why a list cannot be delivered, or null when it can: a list is delivered once (delivered lists are
 * archived), one waiting for its delivery or whose cart was validated is locked, an empty one has
 * nothing to deliver. The server refuses the same lists.
 */
export type DeliveryBlock = 'pending_delivery' | 'archived' | 'cart_validated' | 'empty';
export const deliveryBlockOf = (list: ListChoice): DeliveryBlock | null => listLock(list) ?? (list.item_count === 0 ? 'empty' : null);

export type ListsForDelivery = { deliverable: ListChoice[]; blocked: { list: ListChoice; block: DeliveryBlock }[] };

export function splitForDelivery(lists: ListChoice[]): ListsForDelivery {
  const split: ListsForDelivery = { deliverable: [], blocked: [] };
  for (const list of lists) {
    const block = deliveryBlockOf(list);
    if (block) split.blocked.push({ list, block });
    else split.deliverable.push(list);
  }
  return split;
}
