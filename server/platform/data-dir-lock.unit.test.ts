// One process per embedded database: the data-dir lock, from the function up to two real `npm start`
// processes on one DATA_DIR (the second used to start too, and acknowledged writes were lost).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, type LockHolder } from './data-dir-lock';

let dir: string;
let n = 0;
/** A fresh lock file path per test. */
const lockFile = () => path.join(dir, `db${++n}.lock`);
const holderOf = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as LockHolder;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'monpanier-lock-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The PID of a process that has exited. */
function deadPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.on('exit', () => resolve(child.pid!));
  });
}

function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) resolve(output);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`sortie (code ${code}) avant « ${pattern} » :\n${output}`)));
  });
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.on('exit', (code) => resolve(code))));

describe('acquireDataDirLock', () => {
  it('names its holder, refuses a second holder with a French message, and is released', () => {
    const file = lockFile();
    const lock = acquireDataDirLock(file, '/srv/monpanier/db');
    expect(holderOf(file)).toMatchObject({ pid: process.pid, host: os.hostname() });
    expect(() => acquireDataDirLock(file, '/srv/monpanier/db')).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(file, '/srv/monpanier/db')).toThrow(`Le dossier de données /srv/monpanier/db est déjà utilisé par un autre processus MonPanier (PID ${process.pid}`);
    lock.release();
    expect(existsSync(file)).toBe(false);
    acquireDataDirLock(file, '/srv/monpanier/db').release();
  });

  it('takes over a lock whose process is dead', async () => {
    const file = lockFile();
    const pid = await deadPid();
    writeFileSync(file, JSON.stringify({ pid, host: os.hostname(), started_at: new Date().toISOString(), process_start: '1' }));
    const lock = acquireDataDirLock(file, dir);
    expect(holderOf(file).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock left by a previous run that had our PID (a container restarted), but not one we hold', () => {
    const file = lockFile();
    writeFileSync(file, JSON.stringify({ pid: process.pid, host: os.hostname(), started_at: '2026-01-01T00:00:00.000Z', process_start: '1' }));
    const lock = acquireDataDirLock(file, dir);
    expect(holderOf(file).started_at).not.toBe('2026-01-01T00:00:00.000Z');
    expect(() => acquireDataDirLock(file, dir)).toThrow(DataDirLockedError);
    lock.release();
  });

  it('takes over a lock whose process is a zombie: killed, not yet reaped by its parent (it answered « alive » for minutes)', async () => {
    // The background sleep exits at once; its parent has become `sleep 5`, which never reaps it.
    const parent = spawn('sh', ['-c', 'sleep 0.01 & echo $!; exec sleep 5']);
    try {
      const pid = Number((await waitForOutput(parent, /^\d+\s*$/m)).trim());
      const stateOf = () => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
      await expect.poll(stateOf, { timeout: 5000 }).toBe('Z');
      const start = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[19];
      const file = lockFile();
      writeFileSync(file, JSON.stringify({ pid, host: os.hostname(), started_at: new Date().toISOString(), process_start: start }));
      const lock = acquireDataDirLock(file, dir);
      expect(holderOf(file).pid).toBe(process.pid);
      lock.release();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('takes over a lock naming no start time whose PID now belongs to another program', async () => {
    const other = spawn('sleep', ['5']);
    try {
      await new Promise((resolve) => other.once('spawn', resolve));
      const file = lockFile();
      writeFileSync(file, JSON.stringify({ pid: other.pid, host: os.hostname(), started_at: new Date().toISOString(), process_start: null }));
      const lock = acquireDataDirLock(file, dir);
      expect(holderOf(file).pid).toBe(process.pid);
      lock.release();
      // A Node process with that PID and no start time to compare is still taken for the holder.
      const node = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)']);
      await new Promise((resolve) => node.once('spawn', resolve));
      writeFileSync(file, JSON.stringify({ pid: node.pid, host: os.hostname(), started_at: new Date().toISOString(), process_start: null }));
      expect(() => acquireDataDirLock(file, dir)).toThrow(DataDirLockedError);
      node.kill('SIGKILL');
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('never takes over a lock held on another machine (its process cannot be checked from here)', () => {
    const file = lockFile();
    writeFileSync(file, JSON.stringify({ pid: 1, host: 'autre-serveur', started_at: new Date().toISOString(), process_start: null }));
    expect(() => acquireDataDirLock(file, '/srv/db')).toThrow('Le dossier de données /srv/db est verrouillé par MonPanier sur la machine « autre-serveur »');
    expect(holderOf(file).host).toBe('autre-serveur');
  });

  it('takes over an unreadable lock once it is old enough not to be one being written', () => {
    const file = lockFile();
    writeFileSync(file, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    const lock = acquireDataDirLock(file, dir);
    expect(holderOf(file).pid).toBe(process.pid);
    lock.release();
  });

  it('another live process holds it: refused; once that process is killed (-9), the lock is recovered', async () => {
    const file = lockFile();
    const script = `const { acquireDataDirLock } = await import(${JSON.stringify(path.resolve('server/platform/data-dir-lock.ts'))}); acquireDataDirLock(${JSON.stringify(file)}, 'db'); console.log('verrou pris'); setInterval(() => {}, 1000);`;
    const holder = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      await waitForOutput(holder, /verrou pris/);
      expect(() => acquireDataDirLock(file, 'db')).toThrow(`(PID ${holder.pid},`);
    } finally {
      holder.kill('SIGKILL');
      await exited(holder);
    }
    expect(holderOf(file).pid).toBe(holder.pid); // a killed process leaves its lock behind…
    const lock = acquireDataDirLock(file, 'db'); // …which is taken over safely
    expect(holderOf(file).pid).toBe(process.pid);
    lock.release();
  });
});

describe('two servers on one DATA_DIR', () => {
  function startServer(dataDir: string): ChildProcess {
    const { DATABASE_URL: _embeddedOnly, ...env } = process.env;
    return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', WEB_DIST_DIR: '/nonexistent', NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }

  it('the second refuses to start with a clear French message; after a kill -9 the next start recovers the lock; a stop releases it', { timeout: 300_000 }, async () => {
    const dataDir = path.join(dir, 'data');
    const lockPath = path.join(dataDir, 'db.lock');
    const first = startServer(dataDir);
    try {
      await waitForOutput(first, /écoute sur/);
      const second = startServer(dataDir);
      const refusal = waitForOutput(second, /déjà utilisé/).catch((e: Error) => e.message);
      expect(await exited(second)).toBe(1);
      expect(await refusal).toContain(`est déjà utilisé par un autre processus MonPanier (PID ${first.pid}`);
    } finally {
      first.kill('SIGKILL');
    }
    await exited(first);
    expect(holderOf(lockPath).pid).toBe(first.pid);

    const next = startServer(dataDir);
    try {
      await waitForOutput(next, /écoute sur/);
      expect(holderOf(lockPath).pid).toBe(next.pid);
    } finally {
      next.kill('SIGTERM');
    }
    expect(await exited(next)).toBe(0);
    expect(existsSync(lockPath)).toBe(false);
  });
});
