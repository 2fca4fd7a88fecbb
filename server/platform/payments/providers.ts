// Which operator collects which payment method, decided once from the configuration: Airtel Money
// goes to Airtel's Open API when its credentials are configured; Moov Money and card (and Airtel
// Money without credentials) go to the sandbox, which the UI labels 'mode test'.
import type { Config } from '../../config';
import { createAirtelMoneyProvider, type AirtelMoneyOptions } from './airtel-money';
import type { PaymentProvider, ProviderMethod } from './provider';
import { createSandboxProvider, type SandboxProvider } from './sandbox';

export type PaymentProviders = {
  /** The provider that collects a new payment of this method. */
  forMethod(method: ProviderMethod): PaymentProvider;
  /** The provider a stored payment names (payments.provider), if this deployment has it. */
  named(name: string): PaymentProvider | undefined;
  readonly sandbox: SandboxProvider;
  /** The real Airtel Money operator and the key its callbacks are signed with, when configured. */
  readonly airtelMoney: { provider: PaymentProvider; callbackSecret: string } | null;
};

export function createPaymentProviders(config: Config['airtelMoney'], log?: AirtelMoneyOptions['log']): PaymentProviders {
  const sandbox = createSandboxProvider();
  const airtel = config ? createAirtelMoneyProvider({ ...config, log }) : null;
  const all = [sandbox, ...(airtel ? [airtel] : [])];
  return {
    forMethod: (method) => (method === 'airtel_money' && airtel ? airtel : sandbox),
    named: (name) => all.find((p) => p.name === name),
    sandbox,
    airtelMoney: airtel && config ? { provider: airtel, callbackSecret: config.callbackSecret } : null,
  };
}
