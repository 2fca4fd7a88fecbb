// Deliveries handed over with proof (issue 30, item 3), through the API: an order booked for today's
// first slot (completion opens before the slot: playwright.config.ts widens the hour to two days so the journeys pass at any hour), then collected, en route, and completed with
// the code the customer reads in GET /api/deliveries.
import { type APIRequestContext, expect } from '@playwright/test';
import { todayInGabon } from '#contract/format';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A delivery request for today, 08:00-10:00: its handover is open whatever the hour (playwright.config.ts). */
export async function requestDueDeliveryThroughApi(request: APIRequestContext, token: string, listId: string, address = 'Quartier Glass, Libreville') {
  const res = await request.post('/api/deliveries', {
    headers: bearer(token),
    data: { shopping_list_id: listId, delivery_address: address, latitude: 0.39, longitude: 9.45, delivery_date: todayInGabon(), delivery_time_slot: '08:00-10:00', notes: null },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

/** The agent (who took the order) marks it collected and en route, then enters the customer's code. */
export async function deliverThroughApi(request: APIRequestContext, agentToken: string, customerToken: string, orderId: string) {
  for (const step of ['picked_up', 'en_route']) {
    const res = await request.put(`/api/delivery-agent/update-status/${orderId}?new_status=${step}`, { headers: bearer(agentToken) });
    expect(res.status(), await res.text()).toBe(200);
  }
  const deliveries = (await (await request.get('/api/deliveries', { headers: bearer(customerToken) })).json()) as { id: string; handover_code: string | null }[];
  const code = deliveries.find((d) => d.id === orderId)?.handover_code;
  expect(code).toMatch(/^\d{4}$/);
  const done = await request.post(`/api/delivery-agent/orders/${orderId}/complete`, { headers: bearer(agentToken), data: { handover_code: code } });
  expect(done.status(), await done.text()).toBe(200);
  return done;
}
