// Lowering the CPU priority of one thread, not the process (issue 51): a capture thread and the
// OCR engine's thread it starts must yield the CPU to the thread that answers HTTP requests and
// the SMTP listener whenever both want it.
//
// os.setPriority(0, n) is libuv's uv_os_setpriority, which calls setpriority(PRIO_PROCESS, 0, n).
// On Linux the nice value is an attribute of each thread, not of the process (NPTL; getpriority(2),
// BUGS), and "0" names the calling thread: the call changes that thread alone, and a thread it
// creates afterwards starts with its nice value. Elsewhere (macOS, Windows: a priority class) the
// same call changes the whole process, the thread serving requests with it, so it is not made.
import { readdirSync, readFileSync } from 'node:fs';
import * as nodeOs from 'node:os';

/** The nice value a thread may have at most (the lowest priority). */
const LOWEST = 19;

export interface PriorityOutcome {
  /** The calling thread's nice value now; null when it was left as it was. */
  nice: number | null;
  /** Why it was left as it was (not Linux, not permitted); null when lowered or asked for 0. */
  reason: string | null;
  /** The system refused (worth a warning); false when it was not tried. */
  refused: boolean;
}

type PriorityCalls = Pick<typeof nodeOs, 'getPriority' | 'setPriority'>;

/**
 * Makes the calling thread, and every thread it starts afterwards, `by` steps nicer than it is
 * (at most 19), on Linux. Never throws: where the system refuses (a sandbox that forbids
 * setpriority), the thread keeps its priority and the outcome says why.
 */
export function lowerThreadPriority(
  by: number,
  os: PriorityCalls = nodeOs,
  platform: NodeJS.Platform = process.platform,
): PriorityOutcome {
  if (by <= 0) return { nice: null, reason: null, refused: false };
  if (platform !== 'linux') {
    return {
      nice: null,
      reason: `on ${platform} a priority is the whole process's, so the thread's is left as it is`,
      refused: false,
    };
  }
  try {
    // 0: the calling thread (see above); lowering one's own priority needs no privilege.
    const nice = Math.min(LOWEST, os.getPriority(0) + by);
    os.setPriority(0, nice);
    return { nice: os.getPriority(0), reason: null, refused: false };
  } catch (err) {
    return { nice: null, reason: (err as Error).message, refused: true };
  }
}

/**
 * Lowers every thread of this process whose name starts with `prefix` to at least `nice`, on Linux
 * (the threads a library starts on its own, which this thread cannot have started: libvips's
 * workers are started from libuv's shared threads, at the service's priority). Threads are listed
 * from /proc/self/task and changed by their id (setpriority(2) with a thread id changes that
 * thread); one that ends between the listing and the change is skipped. Never throws. Returns how
 * many were lowered by this call.
 */
export function lowerThreadsNamed(
  prefix: string,
  nice: number,
  os: PriorityCalls = nodeOs,
  platform: NodeJS.Platform = process.platform,
): number {
  if (nice <= 0 || platform !== 'linux') return 0;
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  const target = Math.min(LOWEST, nice);
  let lowered = 0;
  for (const tid of tids) {
    try {
      if (!readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').startsWith(prefix)) continue;
      const id = Number(tid);
      if (os.getPriority(id) >= target) continue;
      os.setPriority(id, target);
      lowered++;
    } catch {
      // ended since the listing, or the system refused: left as it is
    }
  }
  return lowered;
}
