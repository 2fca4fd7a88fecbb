// Which operator collects which payment method, decided once from the configuration: Airtel Money
// goes to Airtel's Open API when its credentials are configured; Moov Money and card (and Airtel
// Money without credentials) go to the sandbox, which the UI labels 'mode test' — only where the
// sandbox is allowed (config.paymentsSandbox: off in production unless PAYMENTS_SANDBOX=true).
// A method with no provider cannot be paid: booking refuses it before creating anything.
import type { Config } from '../../config';
import { createAirtelMoneyProvider, type AirtelMoneyOptions } from './airtel-money';
import type { PaymentProvider, ProviderMethod } from './provider';
import { createSandboxProvider, SANDBOX_PROVIDER, sandboxRefund, type SandboxProvider } from './sandbox';

export type PaymentsConfig = Pick<Config, 'airtelMoney' | 'paymentsSandbox'>;

/** Whether a method can be paid on this deployment, and whether through the sandbox (a test order). */
export type MethodAvailability = { available: boolean; testMode: boolean };

/** What each payment method goes through with this configuration (the booking form shows it). */
export function paymentAvailability(config: PaymentsConfig): Record<ProviderMethod | 'cash', MethodAvailability> {
  const sandbox: MethodAvailability = { available: config.paymentsSandbox, testMode: config.paymentsSandbox };
  return {
    cash: { available: true, testMode: false },
    airtel_money: config.airtelMoney ? { available: true, testMode: false } : sandbox,
    moov_money: sandbox,
    card: sandbox,
  };
}

/** What a refund needs from a provider. */
export type RefundingProvider = Pick<PaymentProvider, 'name' | 'testMode' | 'statusEnquiryIntervalMs' | 'refund'>;

export type PaymentProviders = {
  /** The provider that collects a new payment of this method; null when none may take it here. */
  forMethod(method: ProviderMethod): PaymentProvider | null;
  /** The provider a stored payment names (payments.provider), if this deployment has it. */
  named(name: string): PaymentProvider | undefined;
  /**
   * The provider that refunds a stored payment. A sandbox payment moved no money: its refund is
   * recorded even where the sandbox no longer takes payments.
   */
  refunder(name: string): RefundingProvider | undefined;
  /** The sandbox, where this deployment allows it (never in production unless asked for). */
  readonly sandbox: SandboxProvider | null;
  /** The real Airtel Money operator and the key its callbacks are signed with, when configured. */
  readonly airtelMoney: { provider: PaymentProvider; callbackSecret: string } | null;
};

const SANDBOX_REFUNDS: RefundingProvider = { name: SANDBOX_PROVIDER, testMode: true, statusEnquiryIntervalMs: 0, refund: sandboxRefund };

export function createPaymentProviders(config: PaymentsConfig, log?: AirtelMoneyOptions['log']): PaymentProviders {
  const sandbox = config.paymentsSandbox ? createSandboxProvider() : null;
  const airtel = config.airtelMoney ? createAirtelMoneyProvider({ ...config.airtelMoney, log }) : null;
  const all: PaymentProvider[] = [...(sandbox ? [sandbox] : []), ...(airtel ? [airtel] : [])];
  const named = (name: string) => all.find((p) => p.name === name);
  return {
    forMethod: (method) => (method === 'airtel_money' && airtel ? airtel : sandbox),
    named,
    refunder: (name) => named(name) ?? (name === SANDBOX_PROVIDER ? SANDBOX_REFUNDS : undefined),
    sandbox,
    airtelMoney: airtel && config.airtelMoney ? { provider: airtel, callbackSecret: config.airtelMoney.callbackSecret } : null,
  };
}
