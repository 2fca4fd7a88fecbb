// The seam between checkout and a payment operator (mobile money push-to-phone, card 3-D Secure).
// A real operator (Airtel Money, Moov Money, a card acquirer) implements this interface with its
// own HTTP API; the built-in one is the sandbox (sandbox.ts). Checkout never knows which it talks to.

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
  readonly name: string;
  /** True when no real money moves: the UI labels it 'mode test'. */
  readonly testMode: boolean;
  /** Asks the operator to collect the amount; the answer usually comes later (status). */
  requestPayment(request: CollectionRequest): Promise<Collection>;
  /** The operator's current answer for a payment it knows. */
  paymentStatus(providerReference: string): Promise<ProviderPaymentStatus>;
};

export class PaymentProviderError extends Error {}
