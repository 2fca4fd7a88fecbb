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

describe('loadConfig: what production turns off', () => {
  it('keeps the payment sandbox and the API docs in development, and turns both off in production unless asked', () => {
    expect(loadConfig({})).toMatchObject({ paymentsSandbox: true, apiDocs: true });
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ paymentsSandbox: false, apiDocs: false });
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true', API_DOCS: '1' })).toMatchObject({ paymentsSandbox: true, apiDocs: true });
    expect(loadConfig({ PAYMENTS_SANDBOX: 'false' }).paymentsSandbox).toBe(false);
  });

  it('sends mail over SMTP only when SMTP_URL is set, and links to PUBLIC_URL', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, from: 'MonPanier <no-reply@monpanier.ga>' });
    expect(loadConfig({ SMTP_URL: '', PORT: '3100' })).toMatchObject({ mail: { smtpUrl: undefined }, publicUrl: 'http://localhost:3100' });
    expect(loadConfig({ SMTP_URL: 'smtp://u:p@127.0.0.1:2525', PUBLIC_URL: 'https://monpanier.ga/' })).toMatchObject({ mail: { smtpUrl: 'smtp://u:p@127.0.0.1:2525' }, publicUrl: 'https://monpanier.ga' });
    expect(() => loadConfig({ SMTP_URL: 'pas une url' })).toThrow(/SMTP_URL/);
  });
});
