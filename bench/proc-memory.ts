// A process's resident memory as Linux reports it in /proc/<pid>/status (bench/memory.ts, bench/hostage.ts).
import { readFileSync, writeFileSync } from 'node:fs';

/** VmRSS and VmHWM of a process in MiB, or null once it has exited. */
export function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** Sets VmHWM back to the current RSS (Linux: "5" written to /proc/<pid>/clear_refs); false if refused. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
