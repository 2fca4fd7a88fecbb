// `npm run storage -- copy-to-s3`: copies the files uploaded on this machine (DATA_DIR/uploads) into
// the object store, under the same keys. Rows keep their `/uploads/<key>` URLs, so nothing in the
// database changes: once copied, every instance serves them from the bucket. Run it again at will:
// a key already in the store with the same size is skipped (keys are content hashes).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type FileStorage, isStorageKey } from '../platform/storage';
import { listFiles } from '../platform/storage-local';

export type CopyReport = {
  /** Files found under the uploads directory with a valid key. */
  found: number;
  copied: number;
  /** Already in the store with the same size. */
  alreadyThere: number;
  /** Files whose name is not a storage key (hidden files, leftovers of an interrupted write). */
  ignored: string[];
};

/** Files copied at once: the store is remote, a few requests in flight hide its latency. */
const PARALLEL = 4;

export async function copyUploadsToStore(uploadsDir: string, target: FileStorage, options: { dryRun: boolean }): Promise<CopyReport> {
  const report: CopyReport = { found: 0, copied: 0, alreadyThere: 0, ignored: [] };
  const keys: string[] = [];
  for (const key of await listFiles(uploadsDir)) {
    if (isStorageKey(key)) keys.push(key);
    else report.ignored.push(key);
  }
  report.found = keys.length;

  const copyOne = async (key: string) => {
    const bytes = await readFile(path.join(uploadsDir, key));
    if ((await target.sizeOf(key)) === bytes.length) {
      report.alreadyThere += 1;
      return;
    }
    if (!options.dryRun) await target.put(key, bytes);
    report.copied += 1;
  };
  let next = 0;
  const worker = async () => {
    while (next < keys.length) await copyOne(keys[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, keys.length) }, worker));
  return report;
}

/** The command's French summary. */
export function describeCopy(report: CopyReport, dryRun: boolean, destination: string): string {
  const lines = [
    `${report.found} fichier(s) dans le dossier des fichiers envoyés, vers ${destination}`,
    dryRun ? `  à copier : ${report.copied} (essai à blanc : rien n'a été copié)` : `  copiés : ${report.copied}`,
    `  déjà présents (même taille) : ${report.alreadyThere}`,
  ];
  if (report.ignored.length > 0) lines.push(`  ignorés (nom qui n'est pas celui d'un fichier envoyé) : ${report.ignored.length} — ${report.ignored.slice(0, 5).join(', ')}${report.ignored.length > 5 ? '…' : ''}`);
  return lines.join('\n');
}
