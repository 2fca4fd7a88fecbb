// Carts and delivery booking (spec part 2 sections 3, 5, 7): create-cart, book-delivery and the
// booking as the confirmation screen reads it, with its payment.
import { z } from 'zod';
import { fr } from './messages';
import { BOOKING_SLOTS, type OrderStatus, type PaymentType } from './orders';
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
  /** The optimisation (its cart_id) the items come from: its savings and score stay on the cart. */
  optimization_cart_id: z.string().uuid().nullish(),
});
export type CreateCart = z.input<typeof CreateCartSchema>;

export type CartItem = {
  product_id: string;
  product_name: string;
  quantity: number;
  store_id: string;
  store_name: string;
  unit_price: number;
  total_price: number;
};

export type CreateCartResult = { cart_id: string; total_cost: number; total_items_cost: number; delivery_fee: number; price_changed: boolean };

/**
 * POST /api/shopping/book-delivery takes its fields as query parameters (spec). Every field is
 * required ('Veuillez remplir tous les champs requis'), except the cart, which has its own message.
 */
export const BookDeliveryQuerySchema = z.object({
  cart_id: uuid(fr.booking.noCart),
  delivery_address: z.string({ error: fr.booking.requiredFields }).trim().min(1, { error: fr.booking.requiredFields }).max(500, { error: fr.checkoutUi.addressTooLong }),
  delivery_date: z.string({ error: fr.booking.requiredFields }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: fr.booking.requiredFields }),
  delivery_time_slot: z.string({ error: fr.booking.requiredFields }).min(1, { error: fr.booking.requiredFields }).pipe(z.enum(BOOKING_SLOTS, { error: fr.checkoutUi.slotInvalid })),
  payment_method_id: uuid(fr.booking.requiredFields),
});
export type BookDeliveryQuery = z.input<typeof BookDeliveryQuerySchema>;

export type PaymentStatus = 'pending' | 'succeeded' | 'failed';

/** The customer's step at the payment operator (push to phone, card authentication). */
export type PaymentInfo = {
  id: string;
  provider: string;
  /** True for the built-in sandbox: the UI shows it as 'mode test'. */
  test_mode: boolean;
  method_type: PaymentType;
  status: PaymentStatus;
  amount: number;
  phone_number: string | null;
  customer_step: 'phone_confirmation' | 'card_authentication' | null;
};

export type BookingResult = {
  order_id: string;
  cart_id: string;
  status: OrderStatus;
  total_amount: number;
  payment: PaymentInfo | null;
};

/** GET /api/shopping/bookings/{order_id}: what the confirmation screen shows. */
export type BookingDetails = BookingResult & {
  view_type: ViewType;
  delivery_address: string;
  delivery_date: string;
  delivery_time_slot: string;
  total_items_cost: number;
  delivery_fee: number;
  shopping_list_id: string | null;
  shopping_list_name: string | null;
  items: CartItem[];
  created_at: string;
};

/** POST /api/shopping/payments/{id}/sandbox-decision: the customer's answer on the sandbox phone. */
export const SandboxDecisionSchema = z.object({ approve: z.boolean() });

/** What a screen hands to the booking step after "Ajouter au panier" (also /delivery-booking's router state). */
export type CartRef = { cart_id: string; view_type: ViewType; total_cost: number; shopping_list_id?: string | null };
