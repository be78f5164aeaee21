/**
 * CPU time of the processes a benchmark runs (from /proc, Linux): what a request costs whatever else shares
 * the machine, where latencies measure the queue as well.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** CPU time (user + system, ms) a process has used so far, from /proc; null where there is none. */
export function cpuMs(pid: number): number | null {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
const CLOCK_TICKS = 100;

/** The CPU time of each PostgreSQL process of this machine (ms), by process id. */
export function postgresCpuMs(): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let command: string;
    try {
      command = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    const time = command === 'postgres' ? cpuMs(Number(pid)) : null;
    if (time !== null) times.set(Number(pid), time);
  }
  return times;
}

/**
 * The CPU PostgreSQL spent between two readings: each process's own difference (a backend that started
 * meanwhile, all of its time). A backend that ended meanwhile (an idle connection of another server
 * closed) is left out rather than subtracted; null when no PostgreSQL runs here.
 */
export function postgresCpuBetween(before: Map<number, number>, after: Map<number, number>): number | null {
  if (!after.size) return null;
  let total = 0;
  for (const [pid, time] of after) total += time - (before.get(pid) ?? 0);
  return total;
}
