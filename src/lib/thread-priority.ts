// Lowering the CPU priority of one thread, not the process (issue 51): a capture thread and the
// OCR engine's thread it starts must yield the CPU to the thread that answers HTTP requests and
// the SMTP listener whenever both want it.
//
// os.setPriority(0, n) is libuv's uv_os_setpriority, which calls setpriority(PRIO_PROCESS, 0, n).
// On Linux the nice value is an attribute of each thread, not of the process (NPTL; getpriority(2),
// BUGS), and "0" names the calling thread: the call changes that thread alone, and a thread it
// creates afterwards starts with its nice value. Elsewhere (macOS, Windows: a priority class) the
// same call changes the whole process, the thread serving requests with it, so it is not made.
import { spawnSync } from 'node:child_process';
import { readlinkSync } from 'node:fs';
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

/** What idleSchedulingClass runs: util-linux's chrt (a parameter so a test can name another). */
export interface SchedulingCommand {
  command: string;
  /** The calling thread's id, as the kernel knows it. */
  threadId: () => string;
}

const CHRT: SchedulingCommand = {
  command: 'chrt',
  // /proc/thread-self is a link to <pid>/task/<tid>: the calling thread's own entry.
  threadId: () => readlinkSync('/proc/thread-self').split('/').pop() ?? '',
};

/**
 * Puts the calling thread, and every thread it starts afterwards, in Linux's SCHED_IDLE class
 * (DOCEX_CAPTURE_SCHED_IDLE): below every normal thread whatever its nice value, so a request or
 * an SMTP reply that wakes up takes the core from it at once instead of after the scheduler's
 * slice (nice +10 still holds a core for a slice: measured, the API's p99 while scans are read
 * 16 ms at nice +10 against 11 ms here, bench/RESULTS.md). The price: such a thread runs only on
 * a core nothing else wants, so on a machine busy without pause it does not progress at all (its
 * pages then run out of their time limit). Node has no call for sched_setscheduler: chrt does it
 * (lowering one's own class needs no privilege). Never throws; where chrt is missing or refused,
 * the thread keeps its class and the outcome says why.
 */
export function idleSchedulingClass(
  platform: NodeJS.Platform = process.platform,
  run: SchedulingCommand = CHRT,
): PriorityOutcome {
  if (platform !== 'linux') {
    return { nice: null, reason: `SCHED_IDLE is Linux's; not on ${platform}`, refused: false };
  }
  try {
    const done = spawnSync(run.command, ['--idle', '-p', '0', run.threadId()], {
      encoding: 'utf8',
      timeout: 5_000,
    });
    if (done.error) return { nice: null, reason: done.error.message, refused: true };
    if (done.status !== 0) {
      return {
        nice: null,
        reason: done.stderr.trim() || `${run.command} exited ${done.status}`,
        refused: true,
      };
    }
    return { nice: nodeOs.getPriority(0), reason: null, refused: false };
  } catch (err) {
    return { nice: null, reason: (err as Error).message, refused: true };
  }
}
