// Carts and delivery booking (spec part 2 sections 3, 5, 7): create-cart, book-delivery and the
// booking as the confirmation screen reads it, with its payment (test or real, and its refund).
import { z } from './zod';
import { amountDueFields } from './amount-due';
import { isoDateField } from './fields';
import { fr } from './messages';
import { BOOKING_SLOTS, ORDER_STATUSES, PAYMENT_TYPES, REFUND_STATUSES } from './orders';
import { VIEW_TYPES, type ViewType } from './optimiser';

/** Latest delivery date offered by the booking form, in days from today. */
export const BOOKING_MAX_DAYS_AHEAD = 60;

const uuid = (message: string) => z.string({ error: message }).uuid({ error: message });

/** POST /api/shopping/create-cart. Prices are checked against the current prices on the server. */
export const CreateCartSchema = z.object({
  items: z
    .array(
      z.object({
        product_id: z.string().uuid({ error: fr.common.invalidValue }),
        product_name: z.string().max(200).optional(),
        quantity: z.number().int().min(1).max(999),
        store_id: z.string().uuid({ error: fr.common.invalidValue }),
        store_name: z.string().max(200).optional(),
        unit_price: z.number().int().nonnegative().optional(),
        total_price: z.number().int().nonnegative().optional(),
      }),
      { error: fr.optimiser.noItemsForCart },
    )
    .min(1, { error: fr.optimiser.noItemsForCart })
    .max(200),
  total_cost: z.number().int().nonnegative().optional(),
  view_type: z.enum(VIEW_TYPES).default('best_prices'),
  /** A number in the spec's local computation, a list elsewhere: accepted either way, recomputed here. */
  stores_involved: z.union([z.number(), z.array(z.unknown())]).optional(),
  shopping_list_id: z.string().uuid().nullish(),
  /** The optimisation (its cart_id) the items come from: its savings and score stay on the cart, and its position is the delivery position unless one is given. */
  optimization_cart_id: z.string().uuid().nullish(),
  /**
   * The delivery position, when the client has a newer one than the optimisation's (or no
   * optimisation). One or the other is required: every store of the cart must lie within the
   * delivery area of the position (OPTIMISER.deliveryRadiusKm), as in the optimiser.
   */
  user_latitude: z.number().min(-90).max(90).nullish(),
  user_longitude: z.number().min(-180).max(180).nullish(),
}).refine((c) => (c.user_latitude == null) === (c.user_longitude == null), { error: fr.common.invalidValue, path: ['user_longitude'] });
export type CreateCart = z.input<typeof CreateCartSchema>;

const money = z.number().int().nonnegative();

export const CartItemSchema = z.object({
  product_id: z.string(),
  product_name: z.string(),
  quantity: z.number().int(),
  store_id: z.string(),
  store_name: z.string(),
  unit_price: money,
  total_price: money,
});
export type CartItem = z.infer<typeof CartItemSchema>;

/** POST /api/shopping/create-cart (201): the cart at today's prices (price_changed when they differ from the request's). */
export const CreateCartResultSchema = z.object({ cart_id: z.string(), total_cost: money, total_items_cost: money, delivery_fee: money, price_changed: z.boolean() });
export type CreateCartResult = z.infer<typeof CreateCartResultSchema>;

/**
 * POST /api/shopping/book-delivery takes its fields as query parameters (spec). Every field is
 * required ('Veuillez remplir tous les champs requis'), except the cart, which has its own message.
 */
export const BookDeliveryQuerySchema = z.object({
  cart_id: uuid(fr.booking.noCart),
  delivery_address: z.string({ error: fr.booking.requiredFields }).trim().min(1, { error: fr.booking.requiredFields }).max(500, { error: fr.checkoutUi.addressTooLong }),
  delivery_date: z.string({ error: fr.booking.requiredFields }).min(1, { error: fr.booking.requiredFields }).pipe(isoDateField(fr.delivery.dateInvalid)),
  delivery_time_slot: z.string({ error: fr.booking.requiredFields }).min(1, { error: fr.booking.requiredFields }).pipe(z.enum(BOOKING_SLOTS, { error: fr.checkoutUi.slotInvalid })),
  payment_method_id: uuid(fr.booking.requiredFields),
});
export type BookDeliveryQuery = z.input<typeof BookDeliveryQuerySchema>;

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A payment and the customer's step at the payment operator (push to phone, card authentication). */
export const PaymentInfoSchema = z.object({
  id: z.string(),
  provider: z.string(),
  /** True for the built-in sandbox: no money moves, the UI shows it as 'mode test'. */
  test_mode: z.boolean(),
  method_type: z.enum(PAYMENT_TYPES),
  status: z.enum(PAYMENT_STATUSES),
  amount: money,
  phone_number: z.string().nullable(),
  customer_step: z.enum(['phone_confirmation', 'card_authentication']).nullable(),
  /** A paid order that is cancelled is refunded: 'none' until then. */
  refund_status: z.enum(REFUND_STATUSES),
  refunded_at: z.string().nullable(),
});
export type PaymentInfo = z.infer<typeof PaymentInfoSchema>;

/**
 * The items of the booked list that the cart leaves out (missing at the chosen store, without a
 * price, or beyond the store cap): booking locks the list, so they go to this new, active list.
 */
export const RemainingListSchema = z.object({ id: z.string(), name: z.string(), item_count: z.number().int().positive() });
export type RemainingList = z.infer<typeof RemainingListSchema>;

/** POST /api/shopping/book-delivery (201). */
export const BookingResultSchema = z.object({
  order_id: z.string(),
  cart_id: z.string(),
  status: z.enum(ORDER_STATUSES),
  total_amount: money,
  /** Paid through the payment sandbox: a test order, shown as 'Commande test'. */
  is_test: z.boolean(),
  payment: PaymentInfoSchema.nullable(),
  /** Where the list's items left out of the cart are now (null when the cart holds them all). */
  remaining_list: RemainingListSchema.nullable(),
});
export type BookingResult = z.infer<typeof BookingResultSchema>;

/** GET /api/shopping/bookings/{order_id}: what the confirmation screen shows. */
export const BookingDetailsSchema = BookingResultSchema.extend({
  view_type: z.enum(VIEW_TYPES),
  delivery_address: z.string(),
  delivery_date: z.string(),
  delivery_time_slot: z.string(),
  total_items_cost: money,
  delivery_fee: money,
  shopping_list_id: z.string().nullable(),
  shopping_list_name: z.string().nullable(),
  items: z.array(CartItemSchema),
  created_at: z.string(),
  /** What is (or is not) paid at the door, from the payment's state (contract/amount-due.ts). */
  ...amountDueFields,
});
export type BookingDetails = z.infer<typeof BookingDetailsSchema>;

/** POST /api/payments/callbacks/*: what a payment operator is told once its callback is read (repeated or not). */
export const OperatorCallbackAnswerSchema = z.object({ status: z.literal('ok') });

/** POST /api/shopping/payments/{id}/sandbox-decision: the customer's answer on the sandbox phone. */
export const SandboxDecisionSchema = z.object({ approve: z.boolean() });

/** What a screen hands to the booking step after "Ajouter au panier" (also /delivery-booking's router state). */
export type CartRef = { cart_id: string; view_type: ViewType; total_cost: number; shopping_list_id?: string | null };
