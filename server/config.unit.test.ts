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

describe('loadConfig: object storage', () => {
  const s3 = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'monpanier',
    S3_ACCESS_KEY_ID: 'cle',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('keeps files on the local disk by default, and in the bucket when the four S3 variables are set', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig(s3).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'monpanier',
      region: 'us-east-1',
      accessKeyId: 'cle',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicUrl: undefined,
    });
    const aws = loadConfig({ ...s3, S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: 'false', S3_PUBLIC_URL: 'https://cdn.monpanier.ga/' }).s3;
    expect([aws?.region, aws?.forcePathStyle, aws?.publicUrl]).toEqual(['eu-west-3', false, 'https://cdn.monpanier.ga']);
  });

  it('fails fast, naming what is missing, when only some S3 variables are set', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'monpanier' })).toThrow(
      'Configuration invalide :\n  Stockage S3 : S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY manquant (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY vont ensemble)',
    );
    expect(() => loadConfig({ S3_PUBLIC_URL: 'https://cdn.monpanier.ga' })).toThrow(/S3_PUBLIC_URL : sans effet sans S3_ENDPOINT/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'pas une adresse' })).toThrow(/S3_ENDPOINT/);
  });
});
