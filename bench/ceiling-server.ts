// The raw ceilings of this machine, served the way docex is (Fastify, same host, same
// PostgreSQL) but with nothing of docex in between. Run as a child process by bench/run.ts:
//   node --import tsx bench/ceiling-server.ts <port> <database url>
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.argv[2] ?? 0);
const url = process.argv[3];
if (!url) throw new Error('usage: ceiling-server.ts <port> <database url>');

const pool = new pg.Pool({ connectionString: url, max: 10 });
await pool.query(`
  create table if not exists bench_rows (id text primary key, org text not null, body jsonb not null, created_at timestamptz not null);
  create index if not exists bench_rows_org on bench_rows (org, created_at desc, id desc);
`);
// Known rows for the point-read ceiling, like the documents the docex read scenario fetches.
await pool.query(
  `insert into bench_rows (id, org, body, created_at)
   select 'seed_' || g, 'org_bench', jsonb_build_object('n', g, 'lines', jsonb_build_array(1, 2, 3, 4, 5)), clock_timestamp()
   from generate_series(0, 199) g on conflict do nothing`,
);
let n = 0;
const app = Fastify({ logger: false });

// An empty route: HTTP parsing + Fastify routing + JSON serialisation, nothing else.
app.get('/empty', async () => ({ ok: true }));

// A bare write: one transaction that inserts `rows` rows in one statement (what a docex
// create writes: the document, its history entry, its outbox rows).
app.post('/insert', async (req) => {
  const rows = Number((req.query as { rows?: string }).rows ?? '1');
  const client = await pool.connect();
  try {
    await client.query('begin');
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
    await client.query(
      `insert into bench_rows (id, org, body, created_at) values ${values.join(',')}`,
      params,
    );
    await client.query('commit');
  } finally {
    client.release();
  }
  return { ok: true };
});

// A bare point read by primary key.
app.get('/read/:id', async (req) => {
  const r = await pool.query('select * from bench_rows where id = $1', [(req.params as { id: string }).id]);
  return r.rows[0] ?? null;
});

// A bare list page: the newest 20 rows of one tenant by the same kind of keyset index.
app.get('/list', async () => {
  const r = await pool.query(
    'select * from bench_rows where org = $1 order by created_at desc, id desc limit 21',
    ['org_bench'],
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
