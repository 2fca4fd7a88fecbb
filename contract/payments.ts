// Payment methods (spec part 2 sections 3, 5, 7): the form and API payload, card rules (digits,
// grouping, Luhn, brand, expiry window) and the method as the API returns it. A card is never
// returned or stored in full: brand, last four digits, holder and expiry only.
import { z } from './zod';
import { todayInGabon } from './format';
import { fr } from './messages';
import { PAYMENT_TYPES, type PaymentType } from './orders';

export const MOBILE_MONEY_TYPES = ['moov_money', 'airtel_money'] as const;
export const isMobileMoney = (type: string): type is (typeof MOBILE_MONEY_TYPES)[number] => (MOBILE_MONEY_TYPES as readonly string[]).includes(type);

export const CARD_NUMBER_MAX_LENGTH = 19; // as typed, spaces included: 16 digits in groups of four
export const CARD_DIGITS_MIN = 12;
export const CARD_DIGITS_MAX = 19;
export const EXPIRY_YEARS_AHEAD = 9;
export const PAYMENT_METHODS_MAX = 20;

/** Keeps digits only and groups them by four, at most 19 characters: "4242424242424242" → "4242 4242 4242 4242". */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 16);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number satisfies. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'jcb', 'unionpay', 'other'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** Brand from the issuer prefix (IIN ranges). */
export function detectCardBrand(digits: string): CardBrand {
  const n2 = Number(digits.slice(0, 2));
  const n4 = Number(digits.slice(0, 4));
  const n6 = Number(digits.slice(0, 6));
  if (digits.startsWith('4')) return 'visa';
  if ((n2 >= 51 && n2 <= 55) || (n4 >= 2221 && n4 <= 2720)) return 'mastercard';
  if (n2 === 34 || n2 === 37) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65') || (n6 >= 622126 && n6 <= 622925) || (Number(digits.slice(0, 3)) >= 644 && Number(digits.slice(0, 3)) <= 649)) return 'discover';
  if (n4 >= 3528 && n4 <= 3589) return 'jcb';
  if (digits.startsWith('62')) return 'unionpay';
  return 'other';
}

export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  other: 'Carte',
};

/** Expiry years offered: the current year and the nine after it (Libreville calendar). */
export function expiryYears(now: Date = new Date()): number[] {
  const year = Number(todayInGabon(now).slice(0, 4));
  return Array.from({ length: EXPIRY_YEARS_AHEAD + 1 }, (_, i) => year + i);
}

export const EXPIRY_MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
const phoneDigits = (phone: string) => phone.replace(/\D/g, '');

const text = z.string().trim();

/** The payload of POST /api/user/payment-methods (and the add form). */
export const PaymentMethodInputSchema = z
  .object({
    method_type: z.enum(PAYMENT_TYPES, { error: fr.paymentMethods.requiredFields }),
    display_name: text.min(1, { error: fr.paymentMethods.requiredFields }).max(60, { error: fr.paymentsUi.displayNameTooLong }),
    details: z
      .object({
        phone_number: text.max(30).optional(),
        card_number: text.max(30).optional(),
        card_name: text.max(60).optional(),
        expiry_month: z.union([z.string(), z.number()]).optional(),
        expiry_year: z.union([z.string(), z.number()]).optional(),
        payment_on_delivery: z.boolean().optional(),
      })
      .default({}),
    is_default: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    const d = value.details;
    if (isMobileMoney(value.method_type)) {
      const phone = d.phone_number ?? '';
      if (!phone) return void ctx.addIssue({ code: 'custom', path: ['details', 'phone_number'], message: fr.paymentMethods.phoneRequired });
      const digits = phoneDigits(phone);
      if (!PHONE_PATTERN.test(phone) || digits.length < 8 || digits.length > 15) {
        ctx.addIssue({ code: 'custom', path: ['details', 'phone_number'], message: fr.paymentsUi.phoneInvalid });
      }
      return;
    }
    if (value.method_type !== 'card') return;
    const month = Number(d.expiry_month);
    const year = Number(d.expiry_year);
    if (!d.card_number || !d.card_name || !d.expiry_month || !d.expiry_year) {
      return void ctx.addIssue({ code: 'custom', path: ['details'], message: fr.paymentMethods.cardRequired });
    }
    const digits = cardDigits(d.card_number);
    if (!/^\d+$/.test(digits) || digits.length < CARD_DIGITS_MIN || digits.length > CARD_DIGITS_MAX || !luhnValid(digits)) {
      ctx.addIssue({ code: 'custom', path: ['details', 'card_number'], message: fr.paymentsUi.cardNumberInvalid });
    }
    if (!Number.isInteger(month) || month < 1 || month > 12) {
      ctx.addIssue({ code: 'custom', path: ['details', 'expiry_month'], message: fr.paymentsUi.expiryInvalid });
    }
    if (!Number.isInteger(year)) ctx.addIssue({ code: 'custom', path: ['details', 'expiry_year'], message: fr.paymentsUi.expiryInvalid });
  });
export type PaymentMethodInput = z.input<typeof PaymentMethodInputSchema>;
export type PaymentMethodParsed = z.output<typeof PaymentMethodInputSchema>;

/** A card whose expiry month is over, or whose year is beyond the offered window, is refused. */
export function expiryProblem(month: number, year: number, now: Date = new Date()): 'expired' | 'too_far' | null {
  const [currentYear, currentMonth] = todayInGabon(now).split('-').map(Number);
  if (year < currentYear || (year === currentYear && month < currentMonth)) return 'expired';
  if (year > currentYear + EXPIRY_YEARS_AHEAD) return 'too_far';
  return null;
}

export const PaymentMethodDetailsSchema = z.union([
  z.object({ phone_number: z.string() }),
  z.object({
    /** Masked: only the last four digits are known. */
    card_number: z.string(),
    card_brand: z.enum(CARD_BRANDS),
    card_last4: z.string(),
    card_name: z.string(),
    expiry_month: z.string(),
    expiry_year: z.number(),
  }),
  z.object({ payment_on_delivery: z.literal(true) }),
]);
export type PaymentMethodDetails = z.infer<typeof PaymentMethodDetailsSchema>;

/** A payment method as the API answers it: a card never in full. */
export const PaymentMethodSchema = z.object({
  id: z.string(),
  method_type: z.enum(PAYMENT_TYPES),
  display_name: z.string(),
  is_default: z.boolean(),
  details: PaymentMethodDetailsSchema,
  created_at: z.string(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** GET /api/user/payment-methods. */
export const PaymentMethodListSchema = z.object({ payment_methods: z.array(PaymentMethodSchema) });
export type PaymentMethodList = z.infer<typeof PaymentMethodListSchema>;

export function maskedCard(last4: string): string {
  return `•••• •••• •••• ${last4}`;
}

export const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  moov_money: 'Moov Money',
  airtel_money: 'Airtel Money',
  card: 'Carte bancaire',
  cash: 'Espèces à la livraison',
};

/** A payment method as this server takes it now (GET /api/config): the booking form disables the others with `reason`. */
export const PaymentAvailabilitySchema = z.object({
  method_type: z.enum(PAYMENT_TYPES),
  /** Can be paid on this server now. */
  available: z.boolean(),
  /** Paid through the sandbox: no money moves, the order is a test order. */
  test_mode: z.boolean(),
  /** Why it cannot be paid (French), null when it can. */
  reason: z.string().nullable(),
});
export type PaymentAvailability = z.infer<typeof PaymentAvailabilitySchema>;
