import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The journeys run against the built app (npm run build) served by the real server on a fresh
// embedded database, in Debian's Chromium.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const DATA_DIR = path.join(os.tmpdir(), `monpanier-e2e-data-${PORT}`);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The app sends its e-mails here; e2e/accounts.spec.ts runs the SMTP server that reads them. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 10);

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: BASE_URL,
    locale: 'fr-FR',
    timezoneId: 'Africa/Libreville',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    // The app's service worker precaches the whole build (~210 requests, 2-3 s of work) in every new
    // context: only the journeys about it let it in (offline.spec.ts, notifications.spec.ts).
    serviceWorkers: 'block',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf ${DATA_DIR} && npx tsx server/main.ts`,
    url: `${BASE_URL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // Journeys create their accounts through the API, each from its own address (X-Forwarded-For,
    // hence TRUST_PROXY); the few registrations through the form all come from 127.0.0.1.
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      LOG_LEVEL: 'warn',
      TILE_URL: `${BASE_URL}/tiles-unavailable/{z}/{x}/{y}.png`,
      TRUST_PROXY: 'true',
      REGISTRATIONS_PER_IP_PER_HOUR: '50',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      // A delivery may be completed from 2 days before its slot (an hour in production): the
      // journeys book today's or tomorrow's slots and must pass at any hour (CI runs at night).
      HANDOVER_OPENS_MINUTES_BEFORE_SLOT: '2880',
    },
  },
});
