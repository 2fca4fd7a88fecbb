// One MonPanier API instance in its own process, for the multi-instance test (server/multi-instance
// .test.ts): the real app, configured from the environment as `npm start` is (DATABASE_URL, S3_*,
// DATA_DIR…), stopping on SIGTERM as server/main.ts does, listening on a free port that it prints as
// one JSON line on stdout. Besides the app, what the test drives:
// - the job 'test-step': writes "<pid> start <job id>" to TEST_EVENTS_FILE, waits until the file its
//   payload names exists, writes "<pid> end <job id>";
// - POST /test/jobs {key, release}: enqueues such a job (once per key, whichever instance asks);
// - POST /test/wait {release}: answers once that file exists (a request in flight).
// Lease and poll come from TEST_JOB_LEASE_MS and TEST_JOB_POLL_MS, so a dead instance's job is
// taken again quickly.
import { appendFile } from 'node:fs/promises';
import { existsSync, watch } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { stopOnSignals } from '../platform/lifecycle';
import { databaseEventsOf } from '../platform/pg-listener';
import { openFileStorage } from '../platform/storage';

const TEST_JOB = 'test-step';
const eventsFile = process.env.TEST_EVENTS_FILE!;

/** Resolves when `file` exists (watching its folder: no polling). */
function fileExists(file: string): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(path.dirname(file), () => {
      if (!existsSync(file)) return;
      watcher.close();
      resolve();
    });
    if (existsSync(file)) {
      watcher.close();
      resolve();
    }
  });
}

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const storage = await openFileStorage(config);
  const app = await buildApp(
    { config, db: database.db, storage, now: () => new Date() },
    { jobs: { leaseMs: Number(process.env.TEST_JOB_LEASE_MS ?? 30_000), pollMs: Number(process.env.TEST_JOB_POLL_MS ?? 1000) } },
  );
  const Release = z.object({ release: z.string() });
  app.jobs.define(
    TEST_JOB,
    async (job) => {
      const { release } = Release.parse(job.payload);
      await appendFile(eventsFile, `${process.pid} start ${job.id}\n`);
      await fileExists(release);
      await appendFile(eventsFile, `${process.pid} end ${job.id}\n`);
    },
    { maxAttempts: 3 },
  );
  app.post('/test/jobs', async (request) => {
    const body = Release.extend({ key: z.string() }).parse(request.body);
    return { added: await app.jobs.enqueue(TEST_JOB, { release: body.release }, { onceKey: body.key }) };
  });
  app.post('/test/wait', async (request) => {
    await fileExists(Release.parse(request.body).release);
    return { waited: true };
  });
  stopOnSignals(app, () => database.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  // The test counts on the caches being in use: wait for the listener however loaded the machine is.
  await databaseEventsOf(database.db)?.whenLive(60_000);
  const address = app.server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
