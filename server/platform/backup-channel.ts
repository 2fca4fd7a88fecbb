// How `npm run backup` asks a running server for a backup of the embedded database: PGlite lives in
// the server's memory and its lock keeps every other process out, so the server writes the archive
// itself. The channel is HTTP over a Unix socket in DATA_DIR/run/ (a directory only the machine's
// user that runs MonPanier may enter): no port, nothing reachable from the network, and whoever can
// reach it can read DATA_DIR anyway.
import { chmod, mkdir, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type EmbeddedSource, writeEmbeddedBackup } from './backup';

const BACKUP_PATH = '/backup';

export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'run', 'backup.sock');

export type BackupChannel = { socketPath: string; close: () => Promise<void> };

type Log = { info: (msg: string) => void; error: (obj: object, msg: string) => void };

/** Listens on DATA_DIR/run/backup.sock; one backup at a time, the next waits its turn. */
export async function startBackupChannel(source: EmbeddedSource, log: Log): Promise<BackupChannel> {
  const socketPath = backupSocketPath(source.dataDir);
  await mkdir(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  await chmod(path.dirname(socketPath), 0o700);
  // A socket left by a server that was killed: this process holds the database's lock, so no other
  // server of this DATA_DIR is alive to answer on it.
  await rm(socketPath, { force: true });

  let queue: Promise<unknown> = Promise.resolve();
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== BACKUP_PATH) {
      response.writeHead(404).end();
      return;
    }
    request.resume();
    queue = queue.then(async () => {
      response.setHeader('Content-Type', 'application/x-tar');
      try {
        const manifest = await writeEmbeddedBackup(source, response);
        log.info(`sauvegarde écrite (${manifest.entries.length} éléments)`);
      } catch (error) {
        log.error({ err: error }, 'sauvegarde interrompue');
        // Nothing sent yet: a plain answer; else the cut connection tells the client.
        if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(String(error instanceof Error ? error.message : error));
        else response.destroy(error instanceof Error ? error : undefined);
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return {
    socketPath,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue;
      await rm(socketPath, { force: true });
    },
  };
}

/**
 * Asks the server listening on `socketPath` for a backup, written to `out`. 'no-server' when none
 * listens (no socket, or one left by a server that stopped).
 */
export function requestBackup(socketPath: string, out: Writable): Promise<'done' | 'no-server'> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, method: 'POST', path: BACKUP_PATH });
    const fail = (error: Error) => {
      out.destroy();
      reject(error);
    };
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve('no-server');
      else fail(error);
    });
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => fail(new Error(`Le serveur n'a pas pu faire la sauvegarde : ${Buffer.concat(chunks).toString('utf8')}`)));
        return;
      }
      pipeline(response, out).then(
        () => resolve('done'),
        (error: unknown) => reject(new Error(`La sauvegarde a été interrompue (${error instanceof Error ? error.message : String(error)}).`)),
      );
    });
    request.end();
  });
}
