// The only reader of process.env. Validates once and fails fast with a clear message.
import { COMPLETION_OPENS_BEFORE_SLOT_MS } from '#contract/handover';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** An optional value where an empty string counts as unset. */
const optionalText = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .optional();

/** shared_buffers of the embedded database: see server/db/client.ts. */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 16;

const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Postgres's own cache inside the embedded database (PGlite), in MB; the OS caches the files too. */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(512).default(DEFAULT_PGLITE_SHARED_BUFFERS_MB),
  /** Empty PGlite clusters that a first start copies instead of running initdb (default: the built server's). */
  PGLITE_TEMPLATE_DIR: optionalText,
  /** Optional fixed signing key; by default one is generated and kept in the database. */
  SESSION_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The proxies in front of the server: false (none), a hop count (1 = one proxy appends to
   * X-Forwarded-For; true means 1), or a comma-separated list of their addresses or CIDR ranges. The
   * client is the right-most address that is not a trusted proxy.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v, ctx): TrustProxy => {
      if (v === 'false' || v === '0' || v === '') return false;
      if (v === 'true') return 1;
      if (/^\d+$/.test(v)) return Number(v);
      const addresses = v.split(',').map((a) => a.trim()).filter(Boolean);
      if (addresses.every((a) => PROXY_ADDRESS.test(a))) return addresses;
      ctx.addIssue({ code: 'custom', message: 'attendu false, un nombre de proxys ou une liste d’adresses séparées par des virgules' });
      return z.NEVER;
    }),
  /** Demo accounts and demo SMS codes shown on screen: on by default, off with NODE_ENV=production. */
  DEMO_MODE: bool.optional(),
  /** Twilio's Messages API for the SMS codes (all three, or with TWILIO_MESSAGING_SERVICE_SID instead of TWILIO_FROM). */
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  /** The sender: a Twilio number in E.164 or an alphanumeric sender ID (« MonPanier »). */
  TWILIO_FROM: optionalText,
  TWILIO_MESSAGING_SERVICE_SID: optionalText,
  TWILIO_BASE_URL: z.string().url().default('https://api.twilio.com'),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
  /** SMS codes asked from one client address per hour: a flood guard sized for carrier-grade NAT. */
  SMS_CODES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(200),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  // Hundreds of honest people can share one address behind a carrier's NAT: the per-address
  // limits are only flood guards; people are told apart by their verified phone.
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(300),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  WEB_DIST_DIR: z.string().default('./dist/web'),
  /** Airtel Money (Airtel Africa Open API). Without credentials, airtel_money payments go to the sandbox. */
  AIRTEL_MONEY_BASE_URL: z.string().url().default('https://openapi.airtel.africa'),
  AIRTEL_MONEY_CLIENT_ID: optionalText,
  AIRTEL_MONEY_CLIENT_SECRET: optionalText,
  /** The private key of Airtel's callback authentication (application settings on Airtel's portal). */
  AIRTEL_MONEY_CALLBACK_SECRET: optionalText,
  AIRTEL_MONEY_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
  /** Accounts one address may register per hour (a French 429 beyond): a flood guard sized for carrier-grade NAT. */
  REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(100),
  /** How often the background job flags prices far from the product's other stores (0: never). */
  OUTLIER_SCAN_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(360),
  /** smtp(s)://user:password@host:port — without it, mails are written as .eml files under DATA_DIR/mail. */
  SMTP_URL: optionalText.pipe(z.string().url().optional()),
  MAIL_FROM: z.string().trim().min(3).default('MonPanier <no-reply@monpanier.ga>'),
  /** The public address of the web app, for links in mails (password reset). */
  PUBLIC_URL: optionalText.pipe(z.string().url().optional()),
  /** The payment sandbox: on by default, off with NODE_ENV=production unless this says true. */
  PAYMENTS_SANDBOX: bool.optional(),
  /** The OpenAPI document at /api/docs: on by default, off with NODE_ENV=production unless this says true. */
  API_DOCS: bool.optional(),
  /** Tesseract workers reading photos and scanned pages (each is a thread with ~100 MB). */
  OCR_WORKERS: z.coerce.number().int().min(1).max(16).default(Math.max(1, Math.min(2, os.availableParallelism()))),
  /** Documents one account may have analysed per hour (OCR is the heaviest thing a user can ask). */
  IMPORTS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /**
   * How long before the booked slot starts the agent may complete a delivery (issue 30). The browser
   * journeys widen it so that they pass at any hour of the day; the API tests check the hour.
   */
  HANDOVER_OPENS_MINUTES_BEFORE_SLOT: z.coerce.number().int().min(0).max(7 * 24 * 60).default(COMPLETION_OPENS_BEFORE_SLOT_MS / 60_000),
  /** A receipt still being read after this answers 202 and is read on (GET /api/prices/receipts/{id} tells when it is ready). */
  RECEIPT_WAIT_MS: z.coerce.number().int().min(0).default(8000),
  /** S3-compatible object store for uploaded files (all four together); without them, DATA_DIR/uploads. */
  S3_ENDPOINT: optionalText.pipe(z.string().url().optional()),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Path-style URLs (endpoint/bucket/key), as MinIO-like servers need; false for virtual-hosted buckets. */
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** A public bucket or CDN serving the objects: /uploads/* then redirects there instead of streaming. */
  S3_PUBLIC_URL: optionalText.pipe(z.string().url().optional()),
  /** Where `npm run backup` writes its archives. */
  BACKUP_DIR: z.string().default('./backups'),
});

/** An IPv4 or IPv6 address, optionally with a CIDR prefix length. */
const PROXY_ADDRESS = /^(?:[\d.]+|[\da-f:.]+)(?:\/\d{1,3})?$/i;

/** What Fastify's trustProxy takes: no proxy, a hop count, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

const AIRTEL_KEYS = ['AIRTEL_MONEY_CLIENT_ID', 'AIRTEL_MONEY_CLIENT_SECRET', 'AIRTEL_MONEY_CALLBACK_SECRET'] as const;
const S3_KEYS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const TWILIO_KEYS = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'] as const;

type Env = z.infer<typeof EnvSchema>;

/** Settings that only work together: all set or none, else a French message naming the missing ones. */
function assertAllOrNone(e: Env, keys: readonly (keyof Env)[], what: string): void {
  const set = keys.filter((key) => e[key]);
  if (set.length === 0 || set.length === keys.length) return;
  const missing = keys.filter((key) => !e[key]).join(', ');
  throw new Error(`Configuration invalide :\n  ${what} : ${missing} manquant (${keys.join(', ')} vont ensemble)`);
}

export type Config = {
  env: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** shared_buffers of the embedded database (PGlite), in MB. */
  pgliteSharedBuffersMb: number;
  /** Where a first start finds the empty cluster to copy (server/db/pglite-template.ts); unset: beside the built server. */
  pgliteTemplateDir?: string;
  sessionSecret?: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  trustProxy: TrustProxy;
  /** Demo accounts exist and sign in, demo SMS codes are shown on screen (never by default in production). */
  demoMode: boolean;
  /** SMS codes: Twilio when configured; else, in demo mode, files under DATA_DIR/sms. */
  sms: {
    twilio: { baseUrl: string; accountSid: string; authToken: string; from?: string; messagingServiceSid?: string } | null;
    timeoutMs: number;
    codesPerIpPerHour: number;
  };
  loginLimits: { maxFailuresPerEmail: number; maxFailuresPerIp: number; windowMinutes: number };
  registration: { perIpPerHour: number };
  outlierScanIntervalMinutes: number;
  /** Outgoing mail: SMTP when smtpUrl is set, else .eml files under DATA_DIR/mail. */
  mail: { smtpUrl?: string; from: string };
  /** Where the web app is reached (links in mails); defaults to http://localhost:PORT. */
  publicUrl: string;
  /** Whether the payment sandbox may take payments (never silently in production). */
  paymentsSandbox: boolean;
  /** Whether /api/docs is served. */
  apiDocs: boolean;
  /** Document import: OCR threads, and how many documents one account may send per hour. */
  imports: { ocrWorkers: number; perUserPerHour: number; receiptWaitMs: number };
  /** The agent may complete a delivery from this long before its slot starts. */
  handoverOpensBeforeSlotMs: number;
  tileUrl: string;
  webDistDir: string;
  /** Set when S3_* is: uploaded files go to this bucket instead of DATA_DIR/uploads. */
  s3: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
    publicUrl?: string;
  } | null;
  /** Where `npm run backup` writes its archives. */
  backupDir: string;
  /** Set when Airtel Money's credentials are configured: airtel_money payments then go to Airtel. */
  airtelMoney: { baseUrl: string; clientId: string; clientSecret: string; callbackSecret: string; timeoutMs: number } | null;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Configuration invalide :\n${lines}`);
  }
  const e = parsed.data;
  assertAllOrNone(e, AIRTEL_KEYS, 'Airtel Money');
  assertAllOrNone(e, S3_KEYS, 'Stockage S3');
  assertAllOrNone(e, TWILIO_KEYS, 'SMS Twilio');
  if (e.TWILIO_ACCOUNT_SID && !e.TWILIO_FROM && !e.TWILIO_MESSAGING_SERVICE_SID) {
    throw new Error('Configuration invalide :\n  SMS Twilio : TWILIO_FROM ou TWILIO_MESSAGING_SERVICE_SID manquant (l’expéditeur des SMS)');
  }
  if (e.S3_PUBLIC_URL && !e.S3_BUCKET) throw new Error(`Configuration invalide :\n  S3_PUBLIC_URL : sans effet sans ${S3_KEYS.join(', ')}`);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgliteSharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
    pgliteTemplateDir: e.PGLITE_TEMPLATE_DIR && path.resolve(e.PGLITE_TEMPLATE_DIR),
    sessionSecret: e.SESSION_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    demoMode: e.DEMO_MODE ?? e.NODE_ENV !== 'production',
    sms: {
      twilio:
        e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
          ? { baseUrl: e.TWILIO_BASE_URL.replace(/\/+$/, ''), accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM, messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID }
          : null,
      timeoutMs: e.SMS_TIMEOUT_MS,
      codesPerIpPerHour: e.SMS_CODES_PER_IP_PER_HOUR,
    },
    loginLimits: {
      maxFailuresPerEmail: e.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowMinutes: e.LOGIN_WINDOW_MINUTES,
    },
    registration: { perIpPerHour: e.REGISTRATIONS_PER_IP_PER_HOUR },
    outlierScanIntervalMinutes: e.OUTLIER_SCAN_INTERVAL_MINUTES,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    paymentsSandbox: e.PAYMENTS_SANDBOX ?? e.NODE_ENV !== 'production',
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    imports: { ocrWorkers: e.OCR_WORKERS, perUserPerHour: e.IMPORTS_PER_USER_PER_HOUR, receiptWaitMs: e.RECEIPT_WAIT_MS },
    handoverOpensBeforeSlotMs: e.HANDOVER_OPENS_MINUTES_BEFORE_SLOT * 60_000,
    tileUrl: e.TILE_URL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
          }
        : null,
    backupDir: path.resolve(e.BACKUP_DIR),
    airtelMoney:
      e.AIRTEL_MONEY_CLIENT_ID && e.AIRTEL_MONEY_CLIENT_SECRET && e.AIRTEL_MONEY_CALLBACK_SECRET
        ? {
            baseUrl: e.AIRTEL_MONEY_BASE_URL,
            clientId: e.AIRTEL_MONEY_CLIENT_ID,
            clientSecret: e.AIRTEL_MONEY_CLIENT_SECRET,
            callbackSecret: e.AIRTEL_MONEY_CALLBACK_SECRET,
            timeoutMs: e.AIRTEL_MONEY_TIMEOUT_MS,
          }
        : null,
  };
}

/** Configuration for tests: defaults, no environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // Receipts are answered when read, however loaded the machine (receipts-processing.test.ts sets 0 to test the 202).
  return { ...loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', RECEIPT_WAIT_MS: '120000' }), ...overrides };
}
