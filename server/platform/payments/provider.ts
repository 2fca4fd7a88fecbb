// The seam between checkout and a payment operator (mobile money push-to-phone, card 3-D Secure,
// and the refund of a collected payment). A real operator (Airtel Money, Moov Money, a card
// acquirer) implements this interface with its own HTTP API; the built-in one is the sandbox
// (sandbox.ts). Checkout never knows which it talks to.

export type ProviderMethod = 'moov_money' | 'airtel_money' | 'card';

export type CollectionRequest = {
  /** Our reference for the payment (unique), sent to the operator and echoed back. */
  merchantReference: string;
  amountXaf: number;
  method: ProviderMethod;
  /** Mobile money: the number that receives the push. */
  phoneNumber: string | null;
  /** Card: what we know of the card (never its full number). */
  card: { brand: string; last4: string } | null;
  description: string;
};

/** What the customer must do before the operator answers. */
export type CustomerStep = 'phone_confirmation' | 'card_authentication';

export type ProviderPaymentStatus = 'pending' | 'succeeded' | 'failed';

export type Collection = {
  /** The operator's own id for this payment. */
  providerReference: string;
  status: ProviderPaymentStatus;
  customerStep: CustomerStep | null;
};

export type PaymentProvider = {
  /** Stored in payments.provider: the name a payment row is settled by. */
  readonly name: string;
  /** True when no real money moves: the UI labels it 'mode test'. */
  readonly testMode: boolean;
  /**
   * How long a pending payment waits before its status is asked again (0: every time). A real
   * operator asks partners to space their enquiries and answers by callback in the meantime.
   */
  readonly statusEnquiryIntervalMs: number;
  /** Asks the operator to collect the amount; the answer usually comes later (status). */
  requestPayment(request: CollectionRequest): Promise<Collection>;
  /** The operator's current answer for a payment it knows. */
  paymentStatus(providerReference: string): Promise<ProviderPaymentStatus>;
  /**
   * Gives a collected payment back to the customer. Asking again for a payment already refunded
   * answers its refund, never a second one: a refund whose outcome was unknown is asked again.
   */
  refund(request: RefundRequest): Promise<Refund>;
};

export type RefundRequest = {
  /** The original payment's reference at the operator (payments.provider_reference). */
  providerReference: string;
  amountXaf: number;
  /** Our reference for this refund, for the operator's records and our logs. */
  refundReference: string;
};

export type Refund = {
  /** 'pending': the operator took the request and will settle it later (asked again later). */
  status: ProviderPaymentStatus;
  /** The operator's id for the refund, when it gave one. */
  reference: string | null;
};

/**
 * What a failed request tells about the money:
 * - 'declined': the operator answered and refused (unknown number, invalid amount…): nothing collected;
 * - 'unavailable': the operator could not be reached or could not take it: nothing collected;
 * - 'ambiguous': the request may have reached the operator (timeout after sending, "in doubt" answer):
 *   the payment stays pending until a status enquiry or the operator's callback settles it.
 * The same for a refund: declined → the refund failed; unavailable → nothing was sent, ask again;
 * ambiguous → the refund stays pending and is asked again after the operator's enquiry interval.
 */
export type PaymentFailureKind = 'declined' | 'unavailable' | 'ambiguous';

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly kind: PaymentFailureKind = 'declined',
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
