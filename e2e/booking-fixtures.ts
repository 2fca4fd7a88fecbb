// A customer's booking through the API, as the comparator and the booking form call it: a few
// catalogue products optimised into a cart, a payment method, book-delivery, and — for mobile money
// or a card — the customer's answer on the payment sandbox.
import { expect, type APIRequestContext } from '@playwright/test';
import type { BookingResult, CreateCartResult } from '#contract/checkout';
import { addDays, todayInGabon } from '#contract/format';
import type { OptimizeResponse } from '#contract/optimiser';
import type { PaymentType } from '#contract/orders';
import type { PaymentMethod } from '#contract/payments';
import type { TestAccount } from './fixtures';

const LIBREVILLE = { latitude: 0.392, longitude: 9.454 };
const headersOf = (account: TestAccount) => ({ authorization: `Bearer ${account.access_token}` });

async function cartThroughApi(request: APIRequestContext, account: TestAccount): Promise<string> {
  const headers = headersOf(account);
  const items = [];
  for (const search of ['riz', 'huile', 'sucre']) {
    const res = await request.get(`/api/shopping-lists/product-search?search=${search}&limit=20`, { headers });
    const product = ((await res.json()) as { products: { id: string; name: string; store_count: number }[] }).products.find((p) => p.store_count > 0);
    if (product) items.push({ product_id: product.id, product_name: product.name, quantity: 1 });
  }
  const optimised = await request.post('/api/shopping/optimize', { headers, data: { items, user_latitude: LIBREVILLE.latitude, user_longitude: LIBREVILLE.longitude } });
  expect(optimised.status(), await optimised.text()).toBe(200);
  const { optimization, cart_id } = (await optimised.json()) as OptimizeResponse;
  const cartItems = optimization.items
    .filter((i) => i.status === 'priced')
    .map((i) => ({ product_id: i.product_id, product_name: i.product_name, quantity: i.quantity, store_id: i.selected_store_id, store_name: i.selected_store_name, unit_price: i.unit_price, total_price: i.total_price }));
  const cart = await request.post('/api/shopping/create-cart', {
    headers,
    data: { items: cartItems, total_cost: optimization.total_cost, view_type: 'best_prices', stores_involved: optimization.store_count, optimization_cart_id: cart_id },
  });
  expect(cart.status(), await cart.text()).toBe(201);
  return ((await cart.json()) as CreateCartResult).cart_id;
}

const DETAILS: Record<PaymentType, Record<string, unknown>> = {
  cash: { payment_on_delivery: true },
  airtel_money: { phone_number: '+241 07 45 67 89' },
  moov_money: { phone_number: '+241 06 45 67 89' },
  card: { card_number: '4242424242424242', card_name: 'Test', expiry_month: '12', expiry_year: new Date().getFullYear() + 1 },
};

/** Books a cart paid with `type`; an online payment is approved on the sandbox unless `approve` is false. */
export async function bookThroughApi(request: APIRequestContext, account: TestAccount, type: PaymentType, approve = true): Promise<{ orderId: string; total: number }> {
  const headers = headersOf(account);
  const method = await request.post('/api/user/payment-methods', { headers, data: { method_type: type, display_name: type, details: DETAILS[type] } });
  expect(method.status(), await method.text()).toBe(201);
  const query = new URLSearchParams({
    cart_id: await cartThroughApi(request, account),
    delivery_address: 'Quartier Louis, Libreville',
    delivery_date: addDays(todayInGabon(), 1),
    delivery_time_slot: 'morning',
    payment_method_id: ((await method.json()) as PaymentMethod).id,
  });
  const booked = await request.post(`/api/shopping/book-delivery?${query}`, { headers });
  expect(booked.status(), await booked.text()).toBe(201);
  const booking = (await booked.json()) as BookingResult;
  if (booking.payment && approve) {
    const paid = await request.post(`/api/shopping/payments/${booking.payment.id}/sandbox-decision`, { headers, data: { approve: true } });
    expect(paid.status(), await paid.text()).toBe(200);
    expect(await paid.json()).toMatchObject({ status: 'confirmed' });
  }
  return { orderId: booking.order_id, total: booking.total_amount };
}
