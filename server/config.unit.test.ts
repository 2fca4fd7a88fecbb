import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const AIRTEL = { AIRTEL_MONEY_CLIENT_ID: 'client', AIRTEL_MONEY_CLIENT_SECRET: 'secret', AIRTEL_MONEY_CALLBACK_SECRET: 'callback-key' };

describe('loadConfig: Airtel Money', () => {
  it('collects through Airtel only when its credentials are configured', () => {
    expect(loadConfig({}).airtelMoney).toBeNull();
    expect(loadConfig({ AIRTEL_MONEY_CLIENT_ID: '', AIRTEL_MONEY_CLIENT_SECRET: '  ' }).airtelMoney).toBeNull();
    expect(loadConfig(AIRTEL).airtelMoney).toEqual({ baseUrl: 'https://openapi.airtel.africa', clientId: 'client', clientSecret: 'secret', callbackSecret: 'callback-key', timeoutMs: 20_000 });
    expect(loadConfig({ ...AIRTEL, AIRTEL_MONEY_BASE_URL: 'https://openapiuat.airtel.africa', AIRTEL_MONEY_TIMEOUT_MS: '8000' }).airtelMoney).toMatchObject({ baseUrl: 'https://openapiuat.airtel.africa', timeoutMs: 8000 });
  });

  it('fails fast, naming what is missing, when the credentials are incomplete', () => {
    expect(() => loadConfig({ AIRTEL_MONEY_CLIENT_ID: 'client', AIRTEL_MONEY_CLIENT_SECRET: 'secret' })).toThrow(/AIRTEL_MONEY_CALLBACK_SECRET manquant/);
    expect(() => loadConfig({ ...AIRTEL, AIRTEL_MONEY_BASE_URL: 'pas une url' })).toThrow(/AIRTEL_MONEY_BASE_URL/);
  });
});
