// What the main thread and the PGlite thread (src/db/pglite-worker.ts) say to each other, and how a
// database error crosses between them. Structured clone keeps an Error's message but drops the
// fields docex reads (code, constraint: src/db/transaction.ts), so errors travel as plain objects
// of their own primitive fields and are rebuilt as Error objects on the main thread.

/** A row as PGlite parses it (bytea as Uint8Array, int8 as number, date as 'YYYY-MM-DD'). */
export type Row = Record<string, unknown>;

/**
 * A prepared statement's parameters as Bind carries them (src/db/pglite-pool.ts): serialized to
 * PostgreSQL's text format, or a bytea's own bytes (binary format, src/db/pglite-wire.ts), or null.
 */
export type TextParams = Array<string | Uint8Array | null>;

/** Options of PGlite's dumpDataDir. */
export type DumpCompression = 'gzip' | 'auto' | 'none';

interface Base {
  id: number;
  /** Requests of one session run in order; a session inside a transaction owns the database. */
  session: number;
  /** Keep the database for this session after the request, until it sends `release`. */
  hold: boolean;
}

export type Request =
  /** Parses and describes a named statement; answers its parameter types. */
  | (Base & { op: 'prepare'; name: string; text: string })
  /** Parses and describes an unnamed statement; answers its parameter types. */
  | (Base & { op: 'describe'; text: string })
  /**
   * Runs the named statement `name`, or `text` unnamed: `execute` is its Bind, Describe, Execute
   * and Sync (src/db/pglite-wire.ts). `begin` (a deferred `begin` / `start transaction …`) runs
   * first.
   */
  | (Base & {
      op: 'run';
      name: string | null;
      text: string | null;
      execute: Uint8Array;
      begin: string | null;
    })
  /** PGlite's query(): parameters as values, serialized by PGlite in the thread. */
  | (Base & { op: 'query'; text: string; values: unknown[]; begin: string | null })
  /** A multi-statement script; `rollback` closes a transaction the failed script left open. */
  | (Base & { op: 'exec'; text: string; rollback: boolean })
  /** Drops every named statement (they are prepared again on their next runs). */
  | (Base & { op: 'replan' })
  | (Base & { op: 'dump'; compression: DumpCompression })
  | (Base & { op: 'close' });

/** Ends a session: the database is no longer held for it (an open transaction is rolled back). */
export interface Release {
  op: 'release';
  session: number;
}

export type ToThread = Request | Release;

export type Reply = { id: number; holds: boolean } & (
  | { ok: true; rows: Row[]; affectedRows: number; types?: number[]; dump?: ArrayBuffer }
  | { ok: false; error: ErrorFields }
);

/** The thread's first message: started, with the array types PGlite registered serializers for. */
export type Started =
  | { started: true; arrayTypes: Array<[element: number, array: number]> }
  | { started: false; error: ErrorFields };

export type FromThread = Reply | Started;

/** An error's own fields whose values are primitives, plus message and name. */
export type ErrorFields = Record<string, string | number | boolean | null>;

export function errorFields(err: unknown): ErrorFields {
  if (!(err instanceof Error)) return { message: String(err) };
  const out: ErrorFields = { message: err.message, name: err.name };
  for (const [k, v] of Object.entries(err)) {
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return out;
}

/** The error again, on this thread: an Error with the same message and fields. */
export function rebuildError(fields: ErrorFields): Error {
  const { message, name, ...rest } = fields;
  const err = new Error(typeof message === 'string' ? message : String(message));
  if (typeof name === 'string') err.name = name;
  return Object.assign(err, rest);
}
