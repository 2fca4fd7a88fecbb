// Starts MonPanier: configuration, database (PGlite under DATA_DIR, or PostgreSQL with DATABASE_URL),
// migrations, first-start seed, then the HTTP server with the API and the built web app.
import { buildApp } from './app';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedIfEmpty } from './db/seed/seed';
import { applyDemoMode } from './db/seed/demo-accounts';
import { adoptConsensusRule } from './features/prices/current-price';
import { adoptProductSizes } from './features/products/product-sizes';
import { startBackupChannel } from './platform/backup-channel';
import { stopOnSignals } from './platform/lifecycle';
import { openFileStorage } from './platform/storage';

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  await migrateDatabase(database);
  const seeded = await seedIfEmpty(database.db);
  const demo = await applyDemoMode(database.db, config.demoMode);
  const recomputed = await adoptConsensusRule(database.db, new Date());
  const sized = await adoptProductSizes(database.db);
  const storage = await openFileStorage(config);
  const app = await buildApp({
    config,
    db: database.db,
    storage,
    now: () => new Date(),
  });
  if (seeded) app.log.info('Base de données initialisée avec les magasins, produits et prix du Gabon');
  if (demo.created.length > 0) app.log.info({ accounts: demo.created }, 'mode démo : comptes de démonstration créés (identifiants dans le README)');
  if (demo.disabled > 0) app.log.warn({ disabled: demo.disabled }, 'mode démo désactivé : comptes de démonstration trouvés dans la base, suspendus et déconnectés');
  if (sized) app.log.info({ products: sized }, 'tailles des produits lues dans leurs noms');
  if (recomputed) app.log.info({ recomputed }, 'prix affichés recalculés selon la règle du consensus');
  app.log.info(`fichiers envoyés : ${storage.description}${storage.publicUrl ? ` (servis depuis ${storage.publicUrl})` : ''}`);
  // The embedded database lives in this process: `npm run backup` asks it for the archive here.
  const backupChannel = database.pglite
    ? await startBackupChannel({ pglite: database.pglite, dataDir: config.dataDir, storage: storage.kind }, app.log)
    : null;

  // SIGTERM drains the jobs and the requests in flight, then closes (platform/lifecycle.ts).
  stopOnSignals(app, async () => {
    await backupChannel?.close(); // after a backup in progress
    await database.close(); // PGlite flushes its files here.
  });

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(`MonPanier écoute sur http://localhost:${port} (${database.kind})`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
