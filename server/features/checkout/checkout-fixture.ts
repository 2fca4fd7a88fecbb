// The consumer's way to a booking, through the API as the web app calls it: a list, optimise →
// create-cart, a payment method, book-delivery. Shared by the checkout and payment operator tests.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CreateCartResult } from '#contract/checkout';
import { addDays, todayInGabon } from '#contract/format';
import type { ShoppingList } from '#contract/lists';
import type { OptimizeResponse, ViewType } from '#contract/optimiser';
import type { PaymentMethod } from '#contract/payments';
import { shoppingLists } from '../../db/schema';
import { bearer, type SignedIn, type TestContext } from '../../test/harness';
import { fixtureItems, USER_POSITION, type BasketFixture } from '../optimiser/basket-fixture';

export type MethodType = 'cash' | 'airtel_money' | 'moov_money' | 'card';

export function checkoutSteps(ctx: TestContext, f: BasketFixture) {
  const as = (who: SignedIn) => bearer(who.access_token);

  async function newList(who: SignedIn, items = fixtureItems(f).map((i) => ({ product_id: i.product_id, quantity: i.quantity }))): Promise<ShoppingList> {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/shopping-lists', headers: as(who), payload: { name: 'Liste à livrer', items } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  /** Optimise → create-cart, as the comparator does, with the items bought in that view. */
  async function cartFor(who: SignedIn, listId: string | null = null, view: ViewType = 'best_prices', lines: { product_id: string | null; product_name: string; quantity: number }[] = fixtureItems(f)): Promise<{ cartId: string; total: number }> {
    const opt = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/shopping/optimize',
        headers: as(who),
        payload: { items: lines, user_latitude: USER_POSITION.latitude, user_longitude: USER_POSITION.longitude, shopping_list_id: listId, view_type: view },
      })
    ).json() as OptimizeResponse;
    const items = opt.optimization.items
      .filter((i) => i.status === 'priced')
      .map((i) => ({ product_id: i.product_id, product_name: i.product_name, quantity: i.quantity, store_id: i.selected_store_id, store_name: i.selected_store_name, unit_price: i.unit_price, total_price: i.total_price }));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/shopping/create-cart',
      headers: as(who),
      payload: { items, total_cost: opt.optimization.total_cost, view_type: view, stores_involved: opt.optimization.store_count, shopping_list_id: listId, optimization_cart_id: opt.cart_id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const cart = res.json() as CreateCartResult;
    return { cartId: cart.cart_id, total: cart.total_cost };
  }

  async function method(who: SignedIn, type: MethodType, phone = '+241 07 12 34 56'): Promise<PaymentMethod> {
    const details =
      type === 'cash'
        ? { payment_on_delivery: true }
        : type === 'card'
          ? { card_number: '4242424242424242', card_name: 'Test', expiry_month: '12', expiry_year: Number(todayInGabon(ctx.clock.now()).slice(0, 4)) + 1 }
          : { phone_number: phone };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/payment-methods', headers: as(who), payload: { method_type: type, display_name: type, details } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  function book(who: SignedIn, query: Record<string, string | undefined>) {
    const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined));
    return ctx.app.inject({ method: 'POST', url: `/api/shopping/book-delivery?${params}`, headers: as(who) });
  }

  const bookingQuery = (cartId: string, paymentMethodId: string, overrides: Record<string, string | undefined> = {}) => ({
    cart_id: cartId,
    delivery_address: 'Quartier Louis, Libreville',
    delivery_date: addDays(todayInGabon(ctx.clock.now()), 1),
    delivery_time_slot: 'morning',
    payment_method_id: paymentMethodId,
    ...overrides,
  });

  const listStatus = async (id: string) => (await ctx.db.select().from(shoppingLists).where(eq(shoppingLists.id, id)))[0].status;

  return { as, newList, cartFor, method, book, bookingQuery, listStatus };
}
