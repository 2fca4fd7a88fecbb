// Checkout entry points shared with other features: a delivery request from /deliveries becomes a
// cart booked with cash on delivery, through the same carts and booking code as the comparator.
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateDeliveryRequestSchema } from '#contract/orders';
import { OPTIMISER } from '#contract/optimiser';
import { shoppingListItems } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { Principal } from '../../platform/auth-guard';
import { AppError } from '../../platform/errors';
import { assertEditable, findOwnList } from '../lists/lists.service';
import { computeOptimisation } from '../optimiser/optimiser.service';
import type { OrderRow } from '../orders/orders.service';
import { assertDeliveryDate, insertOrder, keepItemsTheCartLeavesOut, lockBookableList } from './booking.service';
import { insertCart } from './carts.service';

export type DeliveryRequestInput = z.output<typeof CreateDeliveryRequestSchema>;

/**
 * A consumer's delivery request (POST /api/deliveries): the list is optimised on the server (best
 * prices, from the request's position), put in a cart and booked with cash on delivery: the order
 * starts confirmed, like a comparator booking paid in cash. Returns the created order.
 */
export async function createDeliveryFromList(deps: AppDeps, principal: Principal, input: DeliveryRequestInput): Promise<OrderRow> {
  const now = deps.now();
  assertDeliveryDate(input.delivery_date.slice(0, 10), now, 0);
  const list = await findOwnList(deps.db, principal.userId, input.shopping_list_id);
  try {
    assertEditable(list);
  } catch {
    throw new AppError('LIST_NOT_BOOKABLE');
  }
  const items = await deps.db.select().from(shoppingListItems).where(eq(shoppingListItems.listId, list.id)).orderBy(shoppingListItems.position);
  if (items.length === 0) throw new AppError('LIST_EMPTY');
  const { result } = await computeOptimisation(deps, {
    items: items.map((i) => ({ product_id: i.productId, product_name: i.name, quantity: i.quantity })),
    position: { latitude: input.latitude, longitude: input.longitude },
    maxStores: OPTIMISER.maxStores,
    preferredStores: [],
    view: 'best_prices',
  });
  if (result.covered_count === 0) throw new AppError('NOTHING_PRICED');

  return deps.db.transaction(async (tx) => {
    const locked = await lockBookableList(tx, principal.userId, list.id);
    const cart = await insertCart(tx, principal.userId, list.id, 'best_prices', result, 'open', now);
    await keepItemsTheCartLeavesOut(tx, locked, cart.id, result, now);
    return insertOrder(
      tx,
      {
        userId: principal.userId,
        cartId: cart.id,
        shoppingListId: list.id,
        origin: 'delivery_request',
        deliveryAddress: input.delivery_address,
        latitude: input.latitude,
        longitude: input.longitude,
        deliveryDate: input.delivery_date.slice(0, 10),
        deliveryTimeSlot: input.delivery_time_slot,
        notes: input.notes ?? null,
        paymentMethodId: null,
        paymentType: 'cash',
        totalAmountXaf: result.total_cost,
      },
      now,
    );
  });
}
