// The ways an order is paid: its own file so that the order and payment-state contracts can both
// read it without importing each other.
export const PAYMENT_TYPES = ['moov_money', 'airtel_money', 'card', 'cash'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
