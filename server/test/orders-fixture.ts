// Orders straight in the database, for tests of what happens after booking (agents, deliveries,
// notifications) without going through the optimiser and the checkout.
import { addDays, todayInGabon } from '#contract/format';
import type { PaymentType } from '#contract/orders';
import type { Db } from '../db/client';
import { carts, shoppingListItems, shoppingLists } from '../db/schema';
import { createOrder, type OrderRow } from '../features/orders/orders.service';

export async function insertOrder(
  db: Db,
  userId: string,
  options: { paymentType?: PaymentType; totalXaf?: number; address?: string; withList?: boolean } = {},
): Promise<OrderRow> {
  const now = new Date();
  return db.transaction(async (tx) => {
    let listId: string | null = null;
    if (options.withList ?? true) {
      const [list] = await tx.insert(shoppingLists).values({ userId, name: 'Liste de test' }).returning();
      await tx.insert(shoppingListItems).values({ listId: list.id, position: 0, name: 'Riz parfumé', quantity: 2, isManualItem: true });
      listId = list.id;
    }
    const total = options.totalXaf ?? 12_500;
    const [cart] = await tx
      .insert(carts)
      .values({
        userId,
        shoppingListId: listId,
        viewType: 'best_prices',
        optimization: { items: [{ product_name: 'Riz parfumé', quantity: 2, selected_store_name: 'Géant CKdo', unit_price: 5250, total_price: 10_500 }], total_savings: 300 },
        totalItemsCostXaf: total - 2000,
        deliveryFeeXaf: 2000,
        totalCostXaf: total,
      })
      .returning();
    return createOrder(
      tx,
      {
        userId,
        cartId: cart.id,
        shoppingListId: listId,
        origin: 'booking',
        deliveryAddress: options.address ?? 'Quartier Louis, Libreville',
        latitude: 0.41,
        longitude: 9.44,
        deliveryDate: addDays(todayInGabon(now), 1),
        deliveryTimeSlot: 'morning',
        notes: null,
        paymentMethodId: null,
        paymentType: options.paymentType ?? 'cash',
        totalAmountXaf: total,
      },
      now,
    );
  });
}
