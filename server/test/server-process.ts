// The real server (server/main.ts) in a child process, for the tests that stop and start it on the
// same data: on a fresh embedded database, or on a fresh PostgreSQL database when the suite runs on
// PostgreSQL. It listens on a free port, found in its start-up line.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { databaseUrl, dropDatabase, requireTestDatabaseUrl, testDbKind, uniqueName, withAdminClient } from './template-db';

export type ServerProcess = { url: string; process: ChildProcess };

/** DATA_DIR (and DATABASE_URL on PostgreSQL) of a server that has never started, and their removal. */
export async function freshServerData(prefix: string): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `monpanier-${prefix}-`));
  if (testDbKind() !== 'postgres') return { env: { DATA_DIR: dataDir }, cleanup: () => rm(dataDir, { recursive: true, force: true }) };
  const name = uniqueName(`mp_${prefix}`);
  await withAdminClient((c) => c.query(`create database ${name}`));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(requireTestDatabaseUrl(), name) },
    cleanup: async () => {
      await dropDatabase(name);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the server and resolves once it listens; rejects with its output if it stops first. */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', WEB_DIST_DIR: '/nonexistent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /écoute sur (http:\/\/localhost:\d+)/.exec(output);
      if (match) resolve({ url: match[1], process: child });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`le serveur s'est arrêté (code ${code}) :\n${output}`)));
  });
}

/** Sends the signal (SIGTERM: a clean stop; SIGKILL: none) and resolves with the exit code once the process is gone. */
export function stopServerProcess(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    server.process.removeAllListeners('exit');
    if (server.process.exitCode !== null || server.process.signalCode !== null) {
      resolve(server.process.exitCode);
      return;
    }
    server.process.on('exit', (code) => resolve(code));
    server.process.kill(signal);
  });
}
