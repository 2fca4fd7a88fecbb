// One process per embedded database. PGlite has no lock of its own: two `npm start` on one DATA_DIR
// both ran, each with its own copy of the database in memory, and the writes acknowledged by one were
// lost when the other flushed. The lock is a file beside the database directory, created with
// O_EXCL, naming its holder (PID, the process's start time, host). A second process refuses to start
// with a French message; a lock whose process is gone (killed, crashed) is taken over.
//
// Taking over is itself guarded: only the process that creates `<lock>.takeover` (O_EXCL) may remove
// a stale lock, after reading it again — so two processes finding the same stale lock cannot both
// win. A lock held on another host cannot be checked from here and is never taken over.
import { closeSync, fsyncSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import { fr } from '#contract/messages';

export type LockHolder = { pid: number; host: string; started_at: string; process_start: string | null };

export type DataDirLock = { file: string; holder: LockHolder; release: () => void };

export class DataDirLockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirLockedError';
  }
}

/** A takeover left by a process killed in the middle of one (a few milliseconds of work). */
const STALE_TAKEOVER_MS = 10_000;
/** A lock file still empty after this was left by a process killed between creating and writing it. */
const EMPTY_LOCK_GRACE_MS = 2_000;
const RETRY_MS = 25;
const MAX_ATTEMPTS = 400;

/** Lock files this process holds. */
const heldHere = new Set<string>();

/** What the kernel says of a process (Linux /proc): its start time (a reused PID is told apart), its state, its command line. */
type ProcessFacts = { start: string | null; state: string | null; command: string | null };

function processFacts(pid: number): ProcessFacts {
  const read = (name: string) => {
    try {
      return readFileSync(`/proc/${pid}/${name}`, 'utf8');
    } catch {
      return null;
    }
  };
  const stat = read('stat');
  const fields = stat ? stat.slice(stat.lastIndexOf(')') + 2).split(' ') : [];
  // Counted after pid and (comm): state is field 3, starttime field 22.
  return { state: fields[0] ?? null, start: fields[19] ?? null, command: read('cmdline')?.replaceAll('\0', ' ') ?? null };
}

const processStart = (pid: number) => processFacts(pid).start;

/** The lock's holder is alive and is the process that wrote it. */
function isAlive(file: string, holder: LockHolder): boolean {
  // Our own PID: alive when this process holds the lock (a second open here), else a previous run
  // that had the same PID (a container's PID 1 after a restart).
  if (holder.pid === process.pid) return heldHere.has(file);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const facts = processFacts(holder.pid);
  // A zombie (killed, not yet reaped by its parent) answers kill(0) but holds nothing any more.
  if (facts.state === 'Z' || facts.state === 'X') return false;
  if (holder.process_start !== null && facts.start !== null) return facts.start === holder.process_start;
  // No start time to compare (a lock from another kernel, or none written): the PID is the holder
  // only if a Node process has it now, not some other program that was given the PID since.
  if (facts.command !== null) return /\bnode\b|tsx/.test(facts.command);
  return true;
}

type Reading = { state: 'missing' } | { state: 'unreadable'; ageMs: number } | { state: 'held'; holder: LockHolder; raw: string };

function readLock(file: string): Reading {
  let raw: string;
  let ageMs: number;
  try {
    raw = readFileSync(file, 'utf8');
    ageMs = Date.now() - statSync(file).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'missing' };
    throw error;
  }
  try {
    const holder = JSON.parse(raw) as LockHolder;
    if (Number.isInteger(holder.pid) && holder.pid > 0 && typeof holder.host === 'string') return { state: 'held', holder, raw };
  } catch {
    // fall through
  }
  return { state: 'unreadable', ageMs };
}

function tryCreate(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Removes a stale lock, if it is still the same stale lock, under the takeover guard. */
function takeOver(file: string, stale: string | null): 'removed' | 'busy' {
  const guard = `${file}.takeover`;
  if (!tryCreate(guard, String(process.pid))) {
    try {
      if (Date.now() - statSync(guard).mtimeMs > STALE_TAKEOVER_MS) unlinkSync(guard);
    } catch {
      // gone meanwhile
    }
    return 'busy';
  }
  try {
    const now = readLock(file);
    const unchanged = now.state === 'missing' || (now.state === 'held' ? now.raw === stale : stale === null);
    if (!unchanged) return 'busy';
    if (now.state !== 'missing') unlinkSync(file);
    return 'removed';
  } finally {
    unlinkSync(guard);
  }
}

/**
 * Takes the lock `file` for this process, or throws DataDirLockedError (French) when a live process
 * holds it. `dir` is only for the message.
 */
export function acquireDataDirLock(file: string, dir: string): DataDirLock {
  const holder: LockHolder = { pid: process.pid, host: os.hostname(), started_at: new Date().toISOString(), process_start: processStart(process.pid) };
  const content = JSON.stringify(holder);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    if (tryCreate(file, content)) return held(file, holder, content);
    const current = readLock(file);
    if (current.state === 'missing') continue;
    if (current.state === 'unreadable') {
      if (current.ageMs < EMPTY_LOCK_GRACE_MS) {
        sleep(RETRY_MS); // its process may be writing it right now
        continue;
      }
      if (takeOver(file, null) === 'busy') sleep(RETRY_MS);
      continue;
    }
    const other = current.holder;
    if (other.host !== os.hostname()) throw new DataDirLockedError(fr.hardening.dataDirLockedElsewhere(dir, other.host));
    if (isAlive(file, other)) throw new DataDirLockedError(fr.hardening.dataDirLocked(dir, other.pid, formatSince(other.started_at)));
    if (takeOver(file, current.raw) === 'busy') sleep(RETRY_MS);
  }
  throw new DataDirLockedError(fr.hardening.dataDirLockUnreadable(file));
}

function held(file: string, holder: LockHolder, content: string): DataDirLock {
  heldHere.add(file);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    heldHere.delete(file);
    try {
      // Only our own lock: never one another process took over meanwhile.
      if (readFileSync(file, 'utf8') === content) unlinkSync(file);
    } catch {
      // already gone
    }
  };
  // process.exit() and fatal errors still run 'exit' listeners; a killed process leaves a stale lock.
  process.on('exit', release);
  return { file, holder, release };
}

function formatSince(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('fr-FR', { timeZone: 'Africa/Libreville', dateStyle: 'short', timeStyle: 'medium' });
}
