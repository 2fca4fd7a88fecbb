import { defineConfig } from 'vitest/config';

// The API suite runs once on PGlite and, when TEST_DATABASE_URL is set, once more on PostgreSQL.
const apiProject = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${db}`,
    include: ['server/**/*.test.ts'],
    exclude: ['server/optimiser/**', 'server/platform/geo.test.ts'],
    globalSetup: ['server/test/global-setup.ts'],
    env: { MP_TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['contract/**/*.test.ts', 'server/optimiser/**/*.test.ts', 'server/platform/geo.test.ts', 'web/**/*.test.ts'] } },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});
