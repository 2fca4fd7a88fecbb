// `npm run admin -- <command>`: moderator accounts (see admin-commands.ts for the commands). It uses
// the same database as `npm start`: DATABASE_URL, or PGlite under DATA_DIR (stop the server first,
// the embedded database takes one process at a time).
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { CliError, runAdminCommand } from './admin-commands';

async function main() {
  const database = await openConfiguredDatabase(loadConfig());
  try {
    await migrateDatabase(database);
    console.log(await runAdminCommand(database.db, process.argv.slice(2)));
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof CliError || error instanceof Error ? error.message : error);
  process.exit(1);
});
