// Measures the transparency log at scale (a benchmark: it lives in bench/, not among the tests).
//   node --import tsx bench/log-scale.ts [leaves]     (PGlite)
//   DATABASE_URL=postgres://... node --import tsx bench/log-scale.ts [leaves]
// Appends `leaves` (default 1,000,000) in committed transactions of 10,000, sequences them in
// checkpoints of SEQUENCE_BATCH, then times inclusion and consistency proofs and reports storage.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.ts';
import { inTransaction } from '../src/db/transaction.ts';
import {
  consistencyProofHashes,
  inclusionProofHashes,
  latestCheckpoint,
} from '../src/modules/tlog/checkpoints.ts';
import { appendLogLeaves, SEQUENCE_BATCH, sequenceAndCheckpoint } from '../src/modules/tlog/log.ts';
import { leafHash, verifyConsistency, verifyInclusion } from '../src/modules/tlog/merkle.ts';
import { closeService, openService } from '../src/service.ts';
import { freshDatabase } from '../test/helpers/database.ts';

const N = Number(process.argv[2] ?? 1_000_000);
const db = await freshDatabase();
const { ctx } = await openService(
  loadConfig({
    NODE_ENV: 'test',
    DOCEX_OPERATOR_TOKEN: 'op_bench',
    LOG_LEVEL: 'silent',
    DOCEX_MASTER_KEY: randomBytes(32).toString('base64'),
  }),
  { database: db.database, skipMigrations: true },
);
const data = (i: number) => createHash('sha256').update(`leaf ${i}`).digest();
const ms = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;

let t = process.hrtime.bigint();
for (let i = 0; i < N; i += 10_000) {
  const hashes = Array.from({ length: Math.min(10_000, N - i) }, (_, j) => data(i + j).toString('hex'));
  await inTransaction(ctx.db, (trx) => appendLogLeaves(trx, hashes, ctx.clock.now()));
}
const appendMs = ms(t);

t = process.hrtime.bigint();
const cuts: number[] = [];
for (;;) {
  const c = process.hrtime.bigint();
  const r = await sequenceAndCheckpoint(ctx, { force: true });
  if (r.sequenced === 0) break;
  cuts.push(ms(c));
}
const sequenceMs = ms(t);
const cp = (await latestCheckpoint(ctx.db))!;
assert.equal(cp.tree_size, N);

const time = async (label: string, runs: number, fn: (i: number) => Promise<void>) => {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = process.hrtime.bigint();
    await fn(i);
    samples.push(ms(s));
  }
  samples.sort((a, b) => a - b);
  console.log(
    `${label}: median ${samples[Math.floor(runs / 2)]!.toFixed(2)} ms, max ${samples.at(-1)!.toFixed(2)} ms (${runs} runs)`,
  );
};
await time('inclusion proof', 200, async (i) => {
  const index = (i * 7919 * 131) % N;
  const proof = await inclusionProofHashes(ctx.db, index, N);
  assert.ok(verifyInclusion(leafHash(data(index)), index, N, proof, cp.root_hash));
});
const sizes = (
  await ctx.db
    .selectFrom('tlog_checkpoints')
    .select(['tree_size', 'root_hash'])
    .orderBy('tree_size')
    .execute()
).map((r) => ({ size: r.tree_size, root: Buffer.from(r.root_hash) }));
await time('consistency proof', 200, async (i) => {
  const from = sizes[i % sizes.length]!;
  const proof = await consistencyProofHashes(ctx.db, from.size, N);
  assert.ok(verifyConsistency(from.size, N, proof, from.root, cp.root_hash));
});
const storage = await sql<{ t: string; size: string }>`
  select relname as t, pg_size_pretty(pg_total_relation_size(oid)) as size from pg_class
  where relname in ('tlog_leaves', 'tlog_nodes', 'tlog_checkpoints')`.execute(ctx.db);

cuts.sort((a, b) => a - b);
console.log(
  [
    `engine ${db.database.kind}, ${N} leaves`,
    `append: ${appendMs.toFixed(0)} ms (${((N / appendMs) * 1000).toFixed(0)} leaves/s, 10,000 per transaction)`,
    `sequence: ${sequenceMs.toFixed(0)} ms in ${cuts.length} checkpoints of ≤ ${SEQUENCE_BATCH} (median ${cuts[Math.floor(cuts.length / 2)]!.toFixed(0)} ms each)`,
    `storage: ${storage.rows.map((r) => `${r.t} ${r.size}`).join(', ')}`,
  ].join('\n'),
);
await closeService(ctx);
await db.drop();
