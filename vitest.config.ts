import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two kinds of test files:
//   *.unit.test.ts — pure code (optimiser, formatting, guards): run once, no database.
//   *.test.ts under server/ — API tests through app.inject: run on PGlite and, when
//   TEST_DATABASE_URL is set, once more on PostgreSQL.
const UNIT = '**/*.unit.test.ts';

const apiProject = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${db}`,
    include: ['server/**/*.test.ts'],
    exclude: [UNIT, '**/node_modules/**'],
    globalSetup: ['server/test/global-setup.ts'],
    env: { MP_TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // Vitest leaves a core free by default: on a 2-core machine that is one file at a time. The
    // API files mostly wait on their database, so two at once finish the suite ~20 % sooner.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'unit', include: [UNIT], exclude: ['**/node_modules/**'], testTimeout: 120_000 } },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});
