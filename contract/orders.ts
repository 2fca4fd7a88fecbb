// One order lifecycle for every delivery (ARCHITECTURE.md "Domain: one order lifecycle"), its
// time slots and the consumer's delivery request payload.
import { z } from './zod';
import { isoDateField, isoDateOrDateTimeField } from './fields';
import { todayInGabon } from './format';
import { fr } from './messages';
import { handoverFields } from './handover';
import { amountDueFields } from './amount-due';
import { PAYMENT_TYPES } from './payment-types';

export const ORDER_STATUSES = ['pending', 'confirmed', 'in_progress', 'picked_up', 'en_route', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Consumer badge labels; anything else shows 'Statut inconnu'. */
export function orderStatusLabel(status: string): string {
  return (fr.delivery.status as Record<string, string>)[status] ?? fr.delivery.statusUnknown;
}

/** Slots of the booking form (part 2): API values and labels. */
export const BOOKING_SLOTS = ['morning', 'afternoon', 'evening'] as const;
export type BookingSlot = (typeof BOOKING_SLOTS)[number];

/** Slots of the delivery request form (part 1 section 9). */
export const DELIVERY_REQUEST_SLOTS = ['08:00-10:00', '10:00-12:00', '12:00-14:00', '14:00-16:00', '16:00-18:00', '18:00-20:00'] as const;
export type DeliveryRequestSlot = (typeof DELIVERY_REQUEST_SLOTS)[number];

export function timeSlotLabel(slot: string): string {
  return (fr.booking.slots as Record<string, string>)[slot] ?? slot;
}

export { PAYMENT_TYPES, type PaymentType } from './payment-types';

/** A paid order that is cancelled is refunded: 'none' (nothing to refund), then pending → succeeded or failed. */
export const REFUND_STATUSES = ['none', 'pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** POST /api/deliveries (part 1 section 7). The date may not be in the past (checked on the server). */
export const CreateDeliveryRequestSchema = z.object({
  shopping_list_id: z.string({ error: fr.delivery.listRequired }).uuid({ error: fr.delivery.listRequired }),
  delivery_address: z.string({ error: fr.delivery.addressRequired }).trim().min(1, { error: fr.delivery.addressRequired }).max(500),
  latitude: z.number({ error: fr.delivery.gpsRequired }).min(-90).max(90),
  longitude: z.number({ error: fr.delivery.gpsRequired }).min(-180).max(180),
  delivery_date: isoDateOrDateTimeField(fr.delivery.dateInvalid),
  delivery_time_slot: z.enum(DELIVERY_REQUEST_SLOTS, { error: fr.delivery.slotRequired }),
  notes: z.string().max(1000).nullable().optional(),
});
export type CreateDeliveryRequest = z.input<typeof CreateDeliveryRequestSchema>;

/** Where, when and for how much: the fields every view of an order shows (consumer and agent). */
export const OrderDeliveryFieldsSchema = z.object({
  id: z.string(),
  delivery_address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  delivery_date: z.string(),
  delivery_time_slot: z.string(),
  notes: z.string().nullable(),
  payment_type: z.enum(PAYMENT_TYPES),
  total_amount: z.number().int(),
  /** Paid through the payment sandbox: a test order (no money moved), shown as such everywhere. */
  is_test: z.boolean(),
  created_at: z.string(),
});
export type OrderDeliveryFields = z.infer<typeof OrderDeliveryFieldsSchema>;

/** A delivery as the consumer sees it (GET /api/deliveries), whichever way it was booked. */
export const DeliveryRequestSchema = OrderDeliveryFieldsSchema.extend({
  status: z.enum(ORDER_STATUSES),
  origin: z.enum(['booking', 'delivery_request']),
  shopping_list_id: z.string().nullable(),
  shopping_list_name: z.string().nullable(),
  cart_id: z.string(),
  /** The refund of a paid order that was cancelled ('none' otherwise). */
  refund_status: z.enum(REFUND_STATUSES),
  /** Timeline, handover code and door photo (contract/handover.ts). */
  ...handoverFields,
  /** What the door asks for, from the payment's state (contract/amount-due.ts). */
  ...amountDueFields,
});
export type DeliveryRequest = z.infer<typeof DeliveryRequestSchema>;

/** The "no past dates" rule of delivery requests, shared by the form and the server (Libreville's today). */
export function isPastDeliveryDate(date: string, now: Date = new Date()): boolean {
  return date.slice(0, 10) < todayInGabon(now);
}

/** The "Nouvelle demande de livraison" form: the request plus the date rules, with the spec's messages. */
export const DeliveryRequestFormSchema = CreateDeliveryRequestSchema.extend({
  delivery_date: isoDateField(fr.delivery.dateInvalid).refine((d) => !isPastDeliveryDate(d), { error: fr.delivery.datePast }),
});
export type DeliveryRequestForm = z.input<typeof DeliveryRequestFormSchema>;
