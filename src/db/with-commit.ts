// A transaction's last statement sent with its COMMIT, in one network write and one round trip
// (issue 46). A write's Idempotency-Key record is completed inside the write's own transaction
// (CONTRACT 10: the effect and its record commit together), and that UPDATE was a round trip of
// its own just before the COMMIT, one during which the write held a pooled connection and its row
// locks while other writes queued. On PostgreSQL (pg) the statement marked here is held back until
// the transaction's COMMIT and then pipelined with it: its Parse/Bind/Execute/Sync and the COMMIT's
// Query leave together, the statement still prepared with parameters (never literals).
//
// Why that is safe: the marked statement must check itself and fail when what it stands for no
// longer holds (docex_require, src/db/require.ts), never answer "0 rows" for the caller to judge,
// because nobody looks at its rows before the COMMIT is on the wire. PostgreSQL runs the two in
// order: a failed statement aborts the transaction, and the COMMIT that follows then ends it with
// the command tag ROLLBACK and no error of its own. That tag is read here and the statement's
// error thrown: nothing committed, the caller learns why, as if the two had gone one at a time.
//
// A transaction's BEGIN goes the same way (1.19.1): held back until the transaction's first
// statement and pipelined with it (beginWith), so a write transaction of one statement and its
// completion is two round trips, not four.
//
// Elsewhere (PGlite, which has no pg pipeline; any executor that does not know the mark; pg
// outside a transaction, where no COMMIT follows) the statement is an ordinary one with a leading
// comment: it runs at once, and fails at once.
import pg from 'pg';
import { Statement, stmt } from './statement.ts';

/** pg's own conversion of a parameter to its wire text (pg.utils, not in pg's type declarations). */
const prepareValue = (pg as unknown as { utils: { prepareValue(v: unknown): unknown } }).utils.prepareValue;

/** The mark a statement text starts with to go with its transaction's COMMIT. */
export const WITH_COMMIT = '/* docex: with the commit */ ';

const COMMIT = /^\s*commit\s*$/i;
const ROLLBACK = /^\s*rollback\s*$/i;
const BEGIN = /^\s*(begin|start transaction\b[a-z ]*)\s*$/i;
/** Longer than any BEGIN Kysely sends ("start transaction isolation level repeatable read": 48). */
const MAX_BEGIN_LENGTH = 100;

const MARK = new Statement(Object.freeze([WITH_COMMIT]), []);

/**
 * The statement, marked to go with its transaction's COMMIT. It must fail by itself when it must
 * not commit (a docex_require in it): on PostgreSQL nothing reads its rows before the COMMIT.
 */
export function withCommit(s: Statement): Statement {
  return stmt`${MARK}${s}`;
}

/** True for a text marked to go with its transaction's COMMIT. */
export function isWithCommit(text: string): boolean {
  return text.startsWith(WITH_COMMIT);
}

/** A marked statement held back until its transaction's COMMIT. */
export interface HeldStatement {
  text: string;
  values: unknown[];
  /** its prepared statement's name (src/db/prepared.ts), if named */
  name: string | undefined;
}

/** What a statement of a checkout means for a statement held back on it. */
export function heldFate(text: unknown): 'commit' | 'rollback' | 'other' {
  if (typeof text !== 'string') return 'other';
  if (COMMIT.test(text)) return 'commit';
  if (ROLLBACK.test(text)) return 'rollback';
  return 'other';
}

/** pg's client as this module uses it: its public query, and the pipeline switch pg reads per call. */
interface PipelinableClient {
  pipeline?: unknown;
  readyForQuery?: unknown;
  _activeQuery?: unknown;
  _queryQueue?: unknown[];
  _sentQueryQueue?: unknown[];
  connection?: { stream?: { cork?: () => void; uncork?: () => void } };
}

/**
 * True when pg's client is idle, not in pipeline mode, and has the switch this module flips (pg
 * 8.23's `pipeline`, read at every query and ReadyForQuery): only then are the two pipelined.
 */
function canPipeline(client: pg.PoolClient): boolean {
  const c = client as unknown as PipelinableClient;
  return (
    c.pipeline === false &&
    c.readyForQuery === true &&
    c._activeQuery == null &&
    Array.isArray(c._queryQueue) &&
    c._queryQueue.length === 0 &&
    Array.isArray(c._sentQueryQueue) &&
    c._sentQueryQueue.length === 0
  );
}

/** The held statement sent on its own, as it would have been without the mark. */
export function sendHeld(client: pg.PoolClient, held: HeldStatement): Promise<pg.QueryResult> {
  return held.name === undefined
    ? client.query(held.text, held.values)
    : client.query({ name: held.name, text: held.text, values: held.values });
}

/**
 * Sends each of `sends` (pg queries on `client`, in order) in one network write, pg's pipeline
 * switched on for them, and waits for every answer; null when pg's client cannot pipeline now
 * (the caller then sends them one after the other). Settled results in order.
 */
async function pipelined(
  client: pg.PoolClient,
  sends: Array<() => Promise<pg.QueryResult>>,
): Promise<PromiseSettledResult<pg.QueryResult>[] | null> {
  if (!canPipeline(client)) return null;
  const c = client as unknown as PipelinableClient;
  const stream = c.connection?.stream;
  c.pipeline = true;
  const answers: Promise<pg.QueryResult>[] = [];
  // Corked, every message of every statement is one write to the socket.
  stream?.cork?.();
  try {
    for (const send of sends) answers.push(send());
  } catch (err) {
    // Nothing pg took is left unanswered: wait for what was sent before turning pipeline off.
    await Promise.allSettled(answers);
    c.pipeline = false;
    throw err;
  } finally {
    stream?.uncork?.();
  }
  // pg keeps reading answers in order while `pipeline` is on; it goes off once all are answered
  // (or failed with the connection), before the client can be released or used again.
  const settled = await Promise.allSettled(answers);
  c.pipeline = false;
  return settled;
}

/** A held statement with its values converted by pg's own function, ready to pipeline. */
function converted(held: HeldStatement): HeldStatement {
  // A value pg cannot convert (the only way its Bind can fail on this side, after which pg would
  // skip the statement and still send what follows it) throws here, before anything is sent;
  // converted values go through pg's Bind unchanged.
  return { ...held, values: held.values.map((v) => prepareValue(v)) };
}

/**
 * Sends `held` and then `commit` on `client` (checked out, inside a transaction, or with its BEGIN
 * `begin` held back too): pipelined, in one write, when pg's client allows it; else one after the
 * other, the COMMIT only after the statement succeeded. Throws the statement's error when it
 * failed (the transaction is then rolled back, by the pipelined COMMIT's ROLLBACK or by the
 * caller's), and an error when the COMMIT did not commit.
 */
export async function commitWith(
  client: pg.PoolClient,
  held: HeldStatement,
  commit: string,
  begin?: string,
): Promise<pg.QueryResult> {
  const ready = converted(held);
  const sends = [() => sendHeld(client, ready), () => client.query(commit)];
  if (begin !== undefined) sends.unshift(() => client.query(begin));
  const settled = await pipelined(client, sends);
  if (settled === null) {
    if (begin !== undefined) await client.query(begin);
    await sendHeld(client, held);
    return committed(await client.query(commit));
  }
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  const end = settled[settled.length - 1] as PromiseFulfilledResult<pg.QueryResult>;
  return committed(end.value);
}

/**
 * Sends a transaction's held-back BEGIN and its first statement (`send`) together: one network
 * write and one round trip instead of two. The statement's answer, or the BEGIN's error if it
 * failed. Why that is safe: a BEGIN on an idle connection (the only place one is held) fails only
 * with the connection itself, and then so does the statement behind it; PostgreSQL runs the two
 * in order, so the statement is the transaction's, exactly as if the BEGIN had been awaited first.
 */
export async function beginWith(
  client: pg.PoolClient,
  begin: string,
  send: () => Promise<pg.QueryResult>,
): Promise<pg.QueryResult> {
  const settled = await pipelined(client, [() => client.query(begin), send]);
  if (settled === null) {
    await client.query(begin);
    return send();
  }
  const [b, s] = settled as [PromiseSettledResult<pg.QueryResult>, PromiseSettledResult<pg.QueryResult>];
  if (b.status === 'rejected') throw b.reason;
  if (s.status === 'rejected') throw s.reason;
  return s.value;
}

/** True for a statement that opens a transaction: Kysely's `begin` or `start transaction ...`. */
export function isBegin(text: unknown): text is string {
  // Every statement of a checkout is asked; most are long, and the anchored, case-blind pattern
  // still cost ~8 µs a write on them (CPU profile, issue 46): a BEGIN is short.
  return typeof text === 'string' && text.length <= MAX_BEGIN_LENGTH && BEGIN.test(text);
}

/** The COMMIT's answer, refused unless it committed (a COMMIT of an aborted transaction says ROLLBACK). */
function committed(result: pg.QueryResult): pg.QueryResult {
  if (result.command !== 'COMMIT') {
    throw new Error(`the transaction did not commit: its COMMIT answered ${result.command}`);
  }
  return result;
}
