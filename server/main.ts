// Starts MonPanier: configuration, database (PGlite under DATA_DIR, or PostgreSQL with DATABASE_URL),
// migrations, first-start seed, then the HTTP server with the API and the built web app.
import { buildApp } from './app';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedIfEmpty } from './db/seed/seed';
import { adoptConsensusRule } from './features/prices/current-price';
import { startBackupChannel } from './platform/backup-channel';
import { openFileStorage } from './platform/storage';

/** How long a stopping instance lets its running jobs finish, then the whole stop. */
const JOBS_DRAIN_MS = 15_000;
const SHUTDOWN_LIMIT_MS = 25_000;

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  await migrateDatabase(database);
  const seeded = await seedIfEmpty(database.db);
  const recomputed = await adoptConsensusRule(database.db, new Date());
  const storage = await openFileStorage(config);
  const app = await buildApp({
    config,
    db: database.db,
    storage,
    now: () => new Date(),
  });
  if (seeded) app.log.info('Base de données initialisée avec les magasins, produits et comptes de démonstration');
  if (recomputed) app.log.info({ recomputed }, 'prix affichés recalculés selon la règle du consensus');
  app.log.info(`fichiers envoyés : ${storage.description}${storage.publicUrl ? ` (servis depuis ${storage.publicUrl})` : ''}`);
  // The embedded database lives in this process: `npm run backup` asks it for the archive here.
  const backupChannel = database.pglite
    ? await startBackupChannel({ pglite: database.pglite, dataDir: config.dataDir, storage: storage.kind }, app.log)
    : null;

  // SIGTERM drains: /api/ready answers 503 at once and the running jobs finish (at most
  // JOBS_DRAIN_MS) while requests are still served, then app.close() waits for those in flight.
  // Whatever hangs, the process is gone after SHUTDOWN_LIMIT_MS.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'arrêt en cours');
    setTimeout(() => {
      app.log.error({ limitMs: SHUTDOWN_LIMIT_MS }, 'arrêt forcé : des requêtes ou des tâches ne se terminent pas');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    await app.lifecycle.drain(JOBS_DRAIN_MS);
    await app.close();
    await backupChannel?.close(); // after a backup in progress
    await database.close(); // PGlite flushes its files here.
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(`MonPanier écoute sur http://localhost:${port} (${database.kind})`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
