// How far V8 lets the heap grow between two full collections, for the docex processes.
//
// V8 sizes the old generation's next limit as what survived the last full collection times a
// growing factor, and on a machine with plenty of memory that factor goes up to 4. docex under
// load keeps ~35 MB alive but promotes ~17 MB/s of request garbage (objects that outlive two
// scavenges while their request waits on PostgreSQL), so the old generation climbed to ~150 MB
// before each full collection and the process's RSS swung between ~190 and ~305 MB in the bench's
// soak, over issue 9's 300 MB budget. A factor of 1.5 (`--heap-growing-percent=50`) collects five
// times as often and kept the same 60 s soak at 158 MB instead of 242 MB; in 6 alternated rounds
// of creates across organizations, docex's CPU per create was 0.580 ms with it against 0.584 ms
// without (a full collection of a 35 MB heap costs ~8 ms, mostly marked concurrently), and the
// webhook worker's rate did not move beyond the noise (3 interleaved pairs). bench/README.md
// item 42.
import v8 from 'node:v8';

export const HEAP_GROWING_PERCENT = 50;

/**
 * The young generation's size, which V8 fixes when the process starts (setFlagsFromString later
 * changes nothing: measured, the new space stayed at its default 2 x 16 MB), so it is given on
 * the command line by every launcher: `npm start`, `npm run worker` and bin/docex.mjs's shebang
 * (test/lib/heap.test.ts checks all three); the bench reads it from `npm start`. A list page of
 * 20 allocates ~0.6 MB, part of it still live at a scavenge (its request waiting on PostgreSQL),
 * so with 50 requests in flight a 16 MB semi-space was scavenged often and copied and promoted
 * request garbage that would have died a little later. Alternated A/Bs (bench/ab.ts, 4 rounds
 * each, 2 EPYC cores): list pages 2,131 against 1,986/s (docex CPU 0.517 against 0.583 ms a
 * page), creates 2,797 against 2,729/s (0.224 against 0.242 ms), reads by id unchanged; RSS +33
 * MB (191 against 157 MB). 64 MB gained another ~5 % on list pages for more memory again, too
 * close to issue 9's 300 MB budget. bench/README.md item 53.
 */
export const YOUNG_GENERATION_FLAG = '--max-semi-space-size=32';

/**
 * The young generation `npm start` gives the service: the newcomer's command, on the embedded
 * database (issue 28 item 6: 300 MB of RSS under the bench's create load). There the throughput is
 * PGlite's thread's, not the main thread's, so the larger young generation above buys nothing:
 * 8 MB measured 690-817 creates/s against 638-781 with 32, and a peak RSS ~50 MB lower
 * (bench/RESULTS.md, "PGlite memory"). `npm start` with DATABASE_URL runs on PostgreSQL with it
 * too (list pages a few per cent slower, bench/README.md item 53); a deployment on PostgreSQL runs
 * `docex serve` with YOUNG_GENERATION_FLAG (bin/docex.mjs's shebang, the Dockerfile, the systemd
 * units of docs/deployment.md).
 */
export const EMBEDDED_YOUNG_GENERATION_FLAG = '--max-semi-space-size=8';

const FLAG = /^--heap[-_]growing[-_]percent(=|$)/;

/**
 * The V8 flag to set, or null when the operator chose a growth of their own on the command line
 * or in NODE_OPTIONS (theirs wins: we never override an explicit setting).
 */
export function heapGrowthFlag(execArgv: readonly string[], nodeOptions: string | undefined): string | null {
  const given = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)];
  if (given.some((a) => FLAG.test(a))) return null;
  return `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;
}

/**
 * Bounds the heap's growth for this process (every isolate in it: V8's flags are per process).
 * V8 reads this flag each time it sets a new limit, so setting it after start-up takes effect at
 * the next full collection. Returns whether it was set.
 */
export function boundHeapGrowth(): boolean {
  const flag = heapGrowthFlag(process.execArgv, process.env.NODE_OPTIONS);
  if (flag === null) return false;
  v8.setFlagsFromString(flag);
  return true;
}
