// The commands of `npm run backup` and `npm run restore` (server/cli/backup.ts):
//   npm run backup [-- --out <fichier>]    embedded database: an archive of the database, the uploaded
//                                          files and the push keys; PostgreSQL: pg_dump
//   npm run restore -- <archive>           embedded database only, server stopped
// The embedded backup is made by the running server when there is one (backup-channel.ts), else by
// this command, which then opens the database itself.
import { spawn } from 'node:child_process';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { Config } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { restoreEmbeddedBackup, writeBackupFile, writeEmbeddedBackup } from '../platform/backup';
import { backupSocketPath, requestBackup } from '../platform/backup-channel';
import { DataDirLockedError } from '../platform/data-dir-lock';

export class CliError extends Error {}

const USAGE = `Usage :
  npm run backup [-- --out <fichier>]
  npm run restore -- <archive>`;

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return undefined;
  const value = args[index + 1];
  if (!value || value.startsWith('--')) throw new CliError(`--${name} attend une valeur\n${USAGE}`);
  return value;
}

const stampOf = (date: Date) => date.toISOString().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');

async function outputFile(config: Config, args: string[], extension: string, now: Date): Promise<string> {
  const file = path.resolve(option(args, 'out') ?? path.join(config.backupDir, `monpanier-${stampOf(now)}${extension}`));
  await mkdir(path.dirname(file), { recursive: true });
  if (await stat(file).then(() => true, () => false)) throw new CliError(`${file} existe déjà : choisissez un autre nom (--out).`);
  return file;
}

export type BackupResult = { file: string; via: 'server' | 'direct' | 'pg_dump'; summary: string };

export async function runBackup(config: Config, args: string[], now = new Date()): Promise<BackupResult> {
  if (config.databaseUrl) return backupPostgres(config, args, now);
  const file = await outputFile(config, args, '.tar', now);
  let via: 'server' | 'direct' = 'server';
  const manifest = await writeBackupFile(file, async (out) => {
    if ((await requestBackup(backupSocketPath(config.dataDir), out)) === 'no-server') {
      via = 'direct';
      await backupDirectly(config, out);
    }
  });
  const size = (await stat(file)).size;
  const uploads = manifest.entries.filter((e) => e.name.startsWith('uploads/')).length;
  const lines = [
    `Sauvegarde écrite : ${file} (${formatBytes(size)})`,
    `  faite par ${via === 'server' ? 'le serveur en marche' : 'cette commande (aucun serveur ne tournait)'}, le ${manifest.created_at}`,
    manifest.uploads === 'included'
      ? `  base de données, ${uploads} fichier(s) envoyé(s) et clés de notification`
      : `  base de données et clés de notification ; les fichiers envoyés sont dans le bucket S3 (${config.s3?.bucket}) : sauvegardez-le à part (README, « Sauvegardes »)`,
    `Pour la restaurer (serveur arrêté) : npm run restore -- ${file}`,
  ];
  return { file, via, summary: lines.join('\n') };
}

/** No server answers: this process opens the database (its lock refuses if a server holds it after all). */
async function backupDirectly(config: Config, out: Writable): Promise<void> {
  let database;
  try {
    database = await openConfiguredDatabase(config);
  } catch (error) {
    out.destroy();
    if (error instanceof DataDirLockedError) {
      throw new CliError(`Un processus tient la base mais ne répond pas sur le canal de sauvegarde (${backupSocketPath(config.dataDir)}) : arrêtez-le, ou redémarrez le serveur, puis recommencez.\n${error.message}`);
    }
    throw error;
  }
  try {
    await writeEmbeddedBackup({ pglite: database.pglite!, dataDir: config.dataDir, storage: config.s3 ? 's3' : 'local' }, out);
  } finally {
    await database.close();
  }
}

/** PostgreSQL: pg_dump's custom format (restored with pg_restore), if pg_dump is installed here. */
async function backupPostgres(config: Config, args: string[], now: Date): Promise<BackupResult> {
  const file = await outputFile(config, args, '.dump', now);
  const partial = `${file}.partial`;
  const url = new URL(config.databaseUrl!);
  const password = decodeURIComponent(url.password);
  url.password = ''; // passed to pg_dump in its environment, not on a command line other users can read
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${url.toString()}`], {
        stdio: ['ignore', 'inherit', 'pipe'],
        // pg_dump runs in this command's environment (PATH, PG* settings); only the password is added.
        env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'ENOENT'
            ? new CliError(
                "pg_dump est introuvable sur cette machine. Installez le client PostgreSQL (même version majeure que le serveur, paquet postgresql-client), ou utilisez les sauvegardes de votre hébergeur PostgreSQL (README, « Sauvegardes »).",
              )
            : error,
        ),
      );
      child.on('close', (code) => (code === 0 ? resolve() : reject(new CliError(`pg_dump a échoué (code ${code}) :\n${stderr.trim()}`))));
    });
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  const lines = [
    `Sauvegarde PostgreSQL écrite : ${file} (${formatBytes((await stat(file)).size)}, format pg_dump « custom »)`,
    `Pour la restaurer dans une base vide : pg_restore --no-owner --dbname=<URL de la base> ${file}`,
    config.s3 ? `Les fichiers envoyés sont dans le bucket S3 (${config.s3.bucket}) : sauvegardez-le à part (README, « Sauvegardes »).` : 'Les fichiers envoyés (DATA_DIR/uploads) ne sont pas dans ce fichier : copiez le dossier à part.',
  ];
  return { file, via: 'pg_dump', summary: lines.join('\n') };
}

export async function runRestore(config: Config, args: string[]): Promise<string> {
  if (config.databaseUrl) {
    throw new CliError(
      "Avec PostgreSQL (DATABASE_URL), la restauration se fait avec pg_restore dans une base vide, serveurs arrêtés : pg_restore --no-owner --dbname=<URL de la base> <fichier .dump> (README, « Sauvegardes »).",
    );
  }
  const archive = args[0];
  if (!archive || archive.startsWith('--')) throw new CliError(`Indiquez l'archive à restaurer.\n${USAGE}`);
  const file = path.resolve(archive);
  if (!(await stat(file).then((s) => s.isFile(), () => false))) throw new CliError(`Archive introuvable : ${file}`);
  const report = await restoreEmbeddedBackup(file, config.dataDir);
  return [
    `Sauvegarde du ${report.manifest.created_at} restaurée dans ${config.dataDir}`,
    report.manifest.uploads === 'included' ? `  base de données et ${report.uploads} fichier(s) envoyé(s)` : '  base de données (les fichiers envoyés sont dans le bucket S3)',
    report.keptIn ? `  les données remplacées sont gardées dans ${report.keptIn} (à supprimer une fois le serveur vérifié)` : '  aucune donnée n’a été remplacée',
    'Vous pouvez démarrer le serveur.',
  ].join('\n');
}

function formatBytes(size: number): string {
  if (size < 1024 * 1024) return `${Math.max(1, Math.round(size / 1024))} Ko`;
  return `${(size / (1024 * 1024)).toFixed(1).replace('.', ',')} Mo`;
}
