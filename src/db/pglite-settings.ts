// The embedded database's memory settings (issue 28 item 6: `npm start` on PGlite at or below
// 300 MB of RSS under the bench's load). PGlite is PostgreSQL compiled to WebAssembly: its shared
// memory is an allocation inside the WASM heap, zeroed (so resident) when the database opens, and a
// WASM heap never shrinks. PostgreSQL's default shared_buffers of 128 MB was therefore ~100-115 MB
// more RSS from the first second (measured against 16 MB), for pages the operating system's file
// cache holds anyway: PGlite reads them back with a system call. Measured with
// bench/pglite-memory.ts (bench/RESULTS.md, "PGlite memory").

/** What the PGlite thread (and the one-off creation of a new data directory) starts PostgreSQL with. */
export interface PGliteSettings {
  /** shared_buffers, in MB (DOCEX_PGLITE_SHARED_BUFFERS_MB) */
  sharedBuffersMb: number;
  /**
   * Compile PostgreSQL's WebAssembly with V8's baseline compiler only (Liftoff), never tiering hot
   * functions up to TurboFan (DOCEX_PGLITE_LIFTOFF_ONLY, on unless "0"). See liftoffOnly below.
   */
  liftoffOnly: boolean;
}

/** The default shared_buffers of the embedded database, in MB (see bench/RESULTS.md). */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 8;

export const DEFAULT_PGLITE_SETTINGS: PGliteSettings = {
  sharedBuffersMb: DEFAULT_PGLITE_SHARED_BUFFERS_MB,
  liftoffOnly: true,
};

/**
 * V8 compiles a WebAssembly module with Liftoff first and recompiles its hot functions with
 * TurboFan in the background. For PostgreSQL's 9 MB module that tier-up held ~70 MB of RSS for the
 * life of the process (the optimized code and the compilers' memory, which the allocator keeps):
 * the whole service measured 304-347 MB when it first listened against 231-271 MB Liftoff-only,
 * and peaked at 387-442 MB under the create load against 316-379 MB. Liftoff's code is slower: ~14 %
 * more CPU a create (1.99 against 1.75 ms, alternated; 600 creates/s would allow ~3 ms on the 2
 * cores). The flag is V8's, so it holds for the whole process: any WebAssembly compiled after the
 * database opens (undici's HTTP parser, for webhook deliveries) is Liftoff-only too. A deployment
 * on PostgreSQL never sets it.
 */
export const LIFTOFF_ONLY_FLAG = '--liftoff-only';

/**
 * How many rows ANALYZE samples per table is 300 × default_statistics_target, and it holds the
 * whole sampled rows in memory: docex's rows carry their JSON (a document's lines, an event's
 * envelope, a history entry's changes, ~1-3 kB each), so at PostgreSQL's default of 100 the
 * maintenance pass's ANALYZE of a table past 30,000 rows touched ~40 MB more of the WebAssembly
 * heap, which never shrinks: under the bench's create load the heap went 23 → 69 MB in 40 s and
 * the process peaked at 288 MB, against 32 MB and 254 MB at 10 (264 MB at 30). 10 (3,000 rows, as
 * PostgreSQL's default was before 8.4) still gives docex's plans what they read: the most common
 * values of the few-valued columns (status, type) and a histogram for the rest; every query of the
 * embedded database is an index read whatever the estimate (test/documents/list.test.ts, "query
 * plans"). A deployment on PostgreSQL keeps the server's own setting.
 */
export const PGLITE_STATISTICS_TARGET = 10;

/**
 * PostgreSQL's command-line settings after PGlite's own defaults (single-user mode and the rest:
 * PGlite replaces its defaults with whatever startParams it is given, so they are repeated).
 * maintenance_work_mem bounds what a VACUUM or CREATE INDEX touches (64 MB by default), which the
 * WASM heap would keep resident for the rest of the process's life; default_statistics_target
 * bounds what an ANALYZE touches (PGLITE_STATISTICS_TARGET). wal_recycle off: a WAL segment a
 * checkpoint no longer needs is deleted, not renamed for reuse with its old contents still in it
 * until overwritten, so what a secret rotation erases (src/secret-rotation.ts) leaves the WAL too.
 */
export function startParams(defaults: readonly string[], s: PGliteSettings): string[] {
  return [
    ...defaults,
    '-c',
    `shared_buffers=${s.sharedBuffersMb}MB`,
    '-c',
    'maintenance_work_mem=16MB',
    '-c',
    `default_statistics_target=${PGLITE_STATISTICS_TARGET}`,
    '-c',
    'wal_recycle=off',
  ];
}
