// `npm run backup` and `npm run restore`: see backup-commands.ts.
import { loadConfig } from '../config';
import { runBackup, runRestore } from './backup-commands';

async function main([command, ...args]: string[]): Promise<string> {
  const config = loadConfig();
  if (command === 'restore') return runRestore(config, args);
  return (await runBackup(config, args)).summary;
}

main(process.argv.slice(2))
  .then((summary) => console.log(summary))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
