/**
 * CPU time of the processes a benchmark runs (from /proc, Linux): what a request costs whatever else shares
 * the machine, where latencies measure the queue as well.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

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

/** The process listening on a TCP port of this machine (from /proc/net and the processes' sockets), or null. */
export function pidListeningOn(port: number): number | null {
  return pidsListeningOn(port)[0] ?? null;
}

/** Every process listening on a TCP port of this machine (several share it with SO_REUSEPORT). */
export function pidsListeningOn(port: number): number[] {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is "ADDRESS:PORT" in hex; state 0A is LISTEN; the 10th field is the socket's inode.
      if (fields.length > 9 && fields[3] === '0A' && parseInt(fields[1].split(':')[1], 16) === port) {
        inodes.add(fields[9]);
      }
    }
  }
  const pids = new Set<number>();
  if (!inodes.size) return [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let descriptors: string[];
    try {
      descriptors = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const descriptor of descriptors) {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${descriptor}`);
        if (inodes.has(/^socket:\[(\d+)\]$/.exec(target)?.[1] ?? '')) pids.add(Number(pid));
      } catch {
        // closed meanwhile
      }
    }
  }
  return [...pids].sort((a, b) => a - b);
}

/**
 * The CPU time (ms) of the PostgreSQL backends serving one database, by process id: a backend's command line
 * reads "postgres: [cluster:] <user> <database> <client> <state>", so the other databases of a shared server (and their
 * load) stay out; with `postmaster`, only its own backends (another server's database of the same name too).
 */
export function databaseBackendsCpuMs(
  database: string,
  postmaster: number | null = null,
): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let command: string;
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue;
    }
    // A cluster name ("15/main:" on Debian) may come first.
    const words = command
      .trim()
      .split(/\s+/)
      .filter((word, index) => index === 0 || !word.endsWith(':'));
    if (words[0] !== 'postgres:' || words[2] !== database) continue;
    if (postmaster !== null && parentOf(Number(pid)) !== postmaster) continue;
    const time = cpuMs(Number(pid));
    if (time !== null) times.set(Number(pid), time);
  }
  return times;
}

function parentOf(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
  } catch {
    return null;
  }
}
