// Exactly once, whatever fails (CONTRACT 10, 1.18.0): a write's effect and its Idempotency-Key
// record commit in one transaction. The pipeline claims the key first (a 'running' record with a
// lease, so a concurrent retry is told `conflict`), then:
//
//   prepare      the route's work that must not hold a transaction (parse, render, outside calls),
//                on the service's db; it may commit idempotent transactions of its own
//   BEGIN
//   handler      with ctx.db = this transaction: every domain function that opens "its"
//                transaction joins this one (src/db/transaction.ts)
//   serialize    the answer, with the route's own serializer (the bytes replayed are the bytes sent)
//   complete     the record 'done' with the sealed answer, or the statement fails if the claim
//                was lost; on PostgreSQL it is held back and pipelined with the COMMIT, one
//                network write and one round trip (src/db/with-commit.ts)
//   COMMIT       then the afterCommit hooks (worker wake-ups, caches), then the bytes are sent
//
// A crash or a cut connection before COMMIT leaves neither effect nor record (the lease lapses,
// a retry runs the request); after it, a retry on any process replays the record. A handler that
// fails rolls everything back and the key is released by onSend (spec 4.2 rule 5). A retryable
// conflict (40001, 40P01) re-runs the handler from the top; `prepare` is not run again.
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context.ts';
import { inTransaction } from '../db/transaction.ts';
import {
  claimLost,
  completeInTransaction,
  type IdempotencyClaim,
  JSON_CONTENT_TYPE,
  releaseIdempotencyKey,
} from './idempotency.ts';
import { type AnyRoute, KeptRefusal, RawJson, SENT, WithStatus } from './route.ts';

/** A write's answer, fixed before its transaction commits. */
interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/** The answer's bytes exactly as Fastify would have sent the handler's result. */
function serializeAnswer(spec: AnyRoute, reply: FastifyReply, result: unknown): Answer {
  if (result === SENT) {
    throw new Error(`${spec.operationId}: a write with an Idempotency-Key cannot send its own reply`);
  }
  const status = result instanceof WithStatus ? result.status : spec.response.status;
  const value = result instanceof WithStatus ? result.value : result;
  if (value instanceof RawJson) return { status, contentType: JSON_CONTENT_TYPE, body: value.text };
  if (value === undefined) return { status, contentType: JSON_CONTENT_TYPE, body: '' };
  // reply.serialize picks the route's compiled serializer for the reply's status code.
  reply.code(status);
  const text = reply.serialize(value);
  return {
    status,
    contentType: JSON_CONTENT_TYPE,
    body: typeof text === 'string' ? text : Buffer.from(text as Uint8Array).toString('utf8'),
  };
}

/**
 * Runs a write's handler in one transaction with the completion of its Idempotency-Key claim,
 * then sends the committed answer.
 */
export async function runWriteTransaction(
  ctx: AppContext,
  spec: AnyRoute,
  reply: FastifyReply,
  input: Omit<Parameters<AnyRoute['handler']>[0], 'prepared' | 'ctx'>,
  claim: IdempotencyClaim,
  onCommitted: () => void,
): Promise<FastifyReply> {
  const prepared = spec.prepare ? await spec.prepare({ ...input, ctx }) : undefined;
  const answer = await inTransaction(ctx.db, async (trx) => {
    const result = await spec.handler({ ...input, ctx: { ...ctx, db: trx }, prepared });
    if (result instanceof KeptRefusal) {
      await releaseIdempotencyKey({ ...ctx, db: trx }, claim);
      return result;
    }
    const out = serializeAnswer(spec, reply, result);
    if (out.status < 200 || out.status >= 300) {
      throw new Error(`${spec.operationId}: a write answers a success or throws, not ${out.status}`);
    }
    await completeInTransaction(ctx, trx, claim, out.status, out.contentType, out.body);
    return out;
  }).catch((err: unknown) => {
    // The completion's failure, from its statement or (PostgreSQL) from the COMMIT it went with.
    throw claimLost(err) ?? err;
  });
  onCommitted();
  if (answer instanceof KeptRefusal) throw answer.error;
  return reply.code(answer.status).header('content-type', answer.contentType).send(answer.body);
}
