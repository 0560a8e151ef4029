// CPU time of processes on this machine, from /proc (Linux): the benchmark's least noisy figure on
// a shared machine. Its own module so bench/webhooks.ts can use it without loading autocannon
// into the process whose memory it reports.
import { readdirSync, readFileSync } from 'node:fs';

/** Two fields of /proc/<pid>/stat counted after the command's closing parenthesis, summed, in ms (100 ticks a second). */
function statMs(pid: number, a: number, b: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[a]) + Number(fields[b])) * 10;
  } catch {
    return null;
  }
}

/** User + system CPU time of a process so far, in ms (utime, stime). */
export function cpuMs(pid: number): number | null {
  return statMs(pid, 11, 12);
}

/**
 * User + system CPU time of a process's children that ended and were waited for, in ms (cutime,
 * cstime): a native OCR engine's process, once its page is read.
 */
export function waitedChildrenCpuMs(pid: number): number | null {
  return statMs(pid, 13, 14);
}

/** CPU milliseconds used so far by each PostgreSQL backend serving `database`, by pid. */
function backendsCpu(database: string): Map<string, number> {
  const byPid = new Map<string, number>();
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return byPid;
  }
  for (const pid of names) {
    if (!/^[0-9]+$/.test(pid)) continue;
    try {
      // The backend's title: "postgres: <cluster>: <user> <database> <client> <state>".
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `)) continue;
      const c = cpuMs(Number(pid));
      if (c !== null) byPid.set(pid, c);
    } catch {
      // the backend ended meanwhile, or is not ours to read
    }
  }
  return byPid;
}

/**
 * CPU milliseconds used so far by the PostgreSQL backends serving `database`, or null when none
 * could be read: for a window in which the backends stay (bench/webhooks.ts keeps its pool open;
 * sampling in its process would weigh on the worker it measures). Otherwise meterBackendsCpu.
 */
export function backendsCpuMs(database: string): number | null {
  const byPid = backendsCpu(database);
  if (byPid.size === 0) return null;
  let ms = 0;
  for (const v of byPid.values()) ms += v;
  return ms;
}

/**
 * Meters the CPU time of the PostgreSQL backends serving `database` (Linux, server on this machine)
 * from now until stop(), in ms, or null when none could be read. Backends come and go during a run
 * (pools close idle connections), and an ended backend's time is no longer in /proc, so the meter
 * samples every `everyMs` and adds each backend's growth: a backend that ends loses at most its
 * last interval's time, where two snapshots alone could even come out negative (seen).
 */
export function meterBackendsCpu(database: string, everyMs = 200): { stop(): number | null } {
  let last = backendsCpu(database);
  let total = 0;
  let seen = last.size > 0;
  const take = () => {
    const now = backendsCpu(database);
    for (const [pid, ms] of now) {
      // A pid not seen before started since the last sample: all its time is in the window.
      total += Math.max(0, ms - (last.get(pid) ?? 0));
    }
    if (now.size > 0) seen = true;
    last = now;
  };
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return seen ? total : null;
    },
  };
}

/**
 * CPU milliseconds every core of this machine has spent busy so far (/proc/stat: all but idle and
 * iowait), or null where there is no /proc. Over a window with nothing else running, it is what a
 * scenario costs the whole machine (its process, PostgreSQL and anything they wake), which bounds
 * its rate: n cores give at most n × 1000 ms of CPU a second.
 */
export function machineBusyMs(): number | null {
  try {
    const cpu =
      readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    if (cpu.length < 5 || cpu.some((n) => !Number.isFinite(n))) return null;
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = cpu;
    return (user + nice + system + irq + softirq + steal) * 10;
  } catch {
    return null;
  }
}
