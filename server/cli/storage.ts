// `npm run storage -- <command>`: the uploaded files.
//   npm run storage -- copy-to-s3 [--dry-run]   copies DATA_DIR/uploads into the S3 bucket (S3_* set)
import { loadConfig } from '../config';
import { localUploadsDir } from '../platform/storage';
import { s3FileStorage } from '../platform/storage-s3';
import { copyUploadsToStore, describeCopy } from './storage-copy';

const USAGE = `Usage :
  npm run storage -- copy-to-s3 [--dry-run]   copie les fichiers envoyés (DATA_DIR/uploads) dans le bucket S3`;

async function main(args: string[]): Promise<string> {
  const [command, ...options] = args;
  if (command !== 'copy-to-s3') throw new Error(USAGE);
  const unknown = options.filter((o) => o !== '--dry-run');
  if (unknown.length > 0) throw new Error(`Option inconnue : ${unknown.join(' ')}\n${USAGE}`);
  const config = loadConfig();
  if (!config.s3) throw new Error('Aucun stockage S3 configuré : définissez S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY (voir le README).');
  const dryRun = options.includes('--dry-run');
  const target = s3FileStorage(config.s3);
  const report = await copyUploadsToStore(localUploadsDir(config.dataDir), target, { dryRun });
  return describeCopy(report, dryRun, target.description);
}

main(process.argv.slice(2))
  .then((summary) => console.log(summary))
  .catch((error: unknown) => {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    console.error(`${error instanceof Error ? error.message : String(error)}${cause}`);
    process.exit(1);
  });
