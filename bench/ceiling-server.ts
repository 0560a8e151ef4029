// The raw ceilings of this machine, served the way docex is (Fastify, same host, same
// PostgreSQL database, same pool size) but with nothing of docex in between. Run as a child
// process by bench/run.ts once docex has migrated the database:
//   node --import tsx bench/ceiling-server.ts <port> <database url> <pool size> <idle timeout ms>
// The reads return docex's own rows (the same documents the docex scenarios read); the create
// writes the same four rows a docex create writes (counter, document, history entry, outbox
// event) into look-alike tables with the same indexes and no triggers, as ONE statement.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.argv[2] ?? 0);
const url = process.argv[3];
const poolSize = Number(process.argv[4] ?? 10);
// docex's (src/db/database.ts, POOL_IDLE_TIMEOUT_MS): the same pool on both sides of a ratio.
const idleTimeoutMillis = Number(process.argv[5] ?? 10_000);
if (!url) throw new Error('usage: ceiling-server.ts <port> <database url> <pool size> <idle timeout ms>');

const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis });
await pool.query(`
  create table if not exists bench_rows (id text primary key, org text not null, body jsonb not null, created_at timestamptz not null);
  create table if not exists bench_counters (like document_counters including all);
  create table if not exists bench_documents (like documents including all);
  create table if not exists bench_history (like document_history including all);
  create table if not exists bench_events (like events including all);
`);

let n = 0;
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const LINES = JSON.stringify(
  Array.from({ length: 5 }, (_, i) => ({
    line_number: i + 1,
    description: `Line ${i + 1}`,
    quantity: 2,
    unit_price: 12.5 + i,
    tax_rate: 0.08,
    sku: null,
    discount_type: null,
    discount_value: null,
    net_amount: 25 + 2 * i,
    tax_amount: 2,
  })),
);

const app = Fastify({ logger: false });

/**
 * `?prepared=1` runs a route's statement as a named prepared statement, parsed and planned once
 * per connection, as docex runs its frequent statements (src/db/database.ts): the stricter
 * ceilings of the `-prepared` scenarios. Without it a route is pg's default, an unnamed statement
 * parsed and planned at every request: the bare ceiling the targets are judged against.
 */
function statement(req: { query: unknown }, name: string): { name?: string } {
  return (req.query as { prepared?: string }).prepared === '1' ? { name } : {};
}

// An empty route: HTTP parsing + Fastify routing + JSON serialisation, nothing else.
app.get('/empty', async () => ({ ok: true }));

// A bare write: one transaction that inserts `rows` small rows in one statement.
app.post('/insert', async (req) => {
  const rows = Number((req.query as { rows?: string }).rows ?? '1');
  const values: string[] = [];
  const params: unknown[] = [];
  for (let i = 0; i < rows; i++) {
    n += 1;
    const b = params.length;
    values.push(`($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4})`);
    params.push(
      `r${process.pid}_${n}`,
      'org_bench',
      JSON.stringify({ n, lines: [1, 2, 3, 4, 5] }),
      new Date(),
    );
  }
  await pool.query(`insert into bench_rows (id, org, body, created_at) values ${values.join(',')}`, params);
  return { ok: true };
});

// The create ceiling: a single-statement transaction writing what a docex invoice create writes
// (the organization's number counter, the document row, its history entry, one outbox event),
// and answering with the row. `org` picks the counter row, as the docex scenario rotates keys.
app.post('/create', async (req) => {
  const org = (req.query as { org?: string }).org ?? 'org_bench';
  const docId = id('doc');
  const now = new Date();
  const envelope = JSON.stringify({
    id: id('evt'),
    type: 'document.created',
    created_at: now.toISOString(),
    data: { document: { id: docId, line_items: JSON.parse(LINES), total: 135 } },
  });
  const r = await pool.query({
    ...statement(req, 'create'),
    text: `with n as (
       insert into bench_counters (organization_id, prefix, last_value) values ($1, 'INV-', 1)
       on conflict (organization_id, prefix) do update set last_value = bench_counters.last_value + 1
       returning 'INV-' || lpad(last_value::text, 6, '0') as number),
     d as (
       insert into bench_documents (id, connection_id, issuer_organization_id, counterparty_organization_id,
         document_type, status, issuer_number, currency, line_items, subtotal, tax, total, balance_due,
         document_date, external_refs, origin, sandbox, history_seq, history_head, created_at, updated_at)
       values ($2, 'conn_bench', $1, 'org_other', 'invoice', 'draft', (select number from n), 'USD', $3::jsonb,
         125, 10, 135, 135, $4::date, '{}'::jsonb, 'api', false, 1, $5, $4, $4)
       returning *),
     h as (
       insert into bench_history (document_id, seq, visibility, at, action, actor, changes, prev_hash, hash)
       values ($2, 1, 'issuer', $4, 'created', '{"type":"api_key"}'::jsonb, $3::jsonb, $5, $5)),
     e as (
       insert into bench_events (id, organization_id, type, document_id, envelope, created_at)
       values ($6, $1, 'document.created', $2, $7, $4))
     select * from d`,
    values: [org, docId, LINES, now, randomBytes(32).toString('hex'), id('evt'), envelope],
  });
  return r.rows[0];
});

// A bare point read by primary key of a docex document.
app.get('/read/:id', async (req) => {
  const r = await pool.query({
    ...statement(req, 'read'),
    text: 'select * from documents where id = $1',
    values: [(req.params as { id: string }).id],
  });
  return r.rows[0] ?? null;
});

// A bare list page: the same 20 rows the docex list scenario returns (one issuer's invoices,
// newest first, by the same keyset index), as pg hands them over.
app.get('/list', async (req) => {
  const org = (req.query as { org?: string }).org ?? '';
  const r = await pool.query(
    `select * from documents where issuer_organization_id = $1 and document_type = 'invoice'
      order by created_at desc, id desc limit 21`,
    [org],
  );
  return { data: r.rows.slice(0, 20), has_more: r.rows.length > 20 };
});

const address = await app.listen({ host: '127.0.0.1', port });
process.stdout.write(`${address}\n`);
process.on('SIGTERM', () => {
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
