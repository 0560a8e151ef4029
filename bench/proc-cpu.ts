// CPU time of processes on this machine, from /proc (Linux): the benchmark's least noisy figure on
// a shared machine. Its own module so bench/webhooks.ts can use it without loading autocannon
// into the process whose memory it reports.
import { readdirSync, readFileSync } from 'node:fs';

/** User + system CPU time of a process so far, in ms (/proc/<pid>/stat, 100 ticks a second). */
export function cpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * CPU milliseconds used so far by the PostgreSQL backends serving `database` (Linux, server on
 * this machine: /proc), or null when they cannot be read. A backend that ended during a run takes
 * its time with it, so compare runs whose connections stay open (pools do).
 */
export function backendsCpuMs(database: string): number | null {
  let ms = 0;
  let found = false;
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return null;
  }
  for (const pid of names) {
    if (!/^[0-9]+$/.test(pid)) continue;
    try {
      // The backend's title: "postgres: <cluster>: <user> <database> <client> <state>".
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `)) continue;
      const c = cpuMs(Number(pid));
      if (c === null) continue;
      ms += c;
      found = true;
    } catch {
      // the backend ended meanwhile, or is not ours to read
    }
  }
  return found ? ms : null;
}
