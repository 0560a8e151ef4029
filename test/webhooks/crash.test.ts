// At-least-once under crashes: a worker PROCESS is killed (SIGKILL) while its delivery is in
// flight, and the event is still delivered, same id and bytes, by a worker started afterwards.
// Needs PostgreSQL (DATABASE_URL): PGlite lives inside one process, so no second process can
// share its database.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { LEASE_MS } from '../../src/modules/webhooks/deliver.ts';
import { verifyWebhook } from '../../src/verify-webhook.ts';
import { spawnDocex } from '../helpers/docex-process.ts';
import { advanceClock, signup } from '../helpers/flows.ts';
import { OPERATOR_TOKEN, startTestService, TEST_MASTER_KEY, type TestService } from '../helpers/harness.ts';
import { createEndpoint, emit, type Receiver, startReceiver } from './helpers.ts';

const POSTGRES = Boolean(process.env.DATABASE_URL);
let svc: TestService;
let r: Receiver;
const children: ChildProcess[] = [];

before(async () => {
  if (!POSTGRES) return;
  svc = await startTestService();
  r = await startReceiver();
});
after(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await r?.close();
  await svc?.close();
});

function startWorkerProcess(databaseUrl: string): ChildProcess {
  const child = spawnDocex(['worker'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DOCEX_TEST_CLOCK: '1',
      DOCEX_OPERATOR_TOKEN: OPERATOR_TOKEN,
      // another process of the same deployment: the same master key opens its sealed secrets
      DOCEX_MASTER_KEY: TEST_MASTER_KEY,
      DOCEX_DATA_DIR: mkdtempSync(join(tmpdir(), 'docex-worker-')),
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  return child;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function deliveryRow(eventId: string) {
  return svc.ctx.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
}

test('a worker process killed mid-delivery: the event is still delivered after restart', {
  skip: POSTGRES ? false : 'needs DATABASE_URL (PostgreSQL): PGlite cannot be shared between processes',
}, async () => {
  const databaseUrl = svc.db.url;
  assert.ok(databaseUrl);
  const a = await signup(svc, 'Crashy');
  const ep = await createEndpoint(svc, a.session, r.url);

  // The first request is held open: the worker is inside the HTTP call when it dies.
  let arrived!: () => void;
  const firstArrived = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  r.respond(() => arrived());

  const [env] = await emit(svc, a.orgId);
  const first = startWorkerProcess(databaseUrl);
  // The bound's timer is cleared once the delivery arrived: left running, it kept this file's
  // process (and its slot in the runner) alive for the rest of the minute after the test passed.
  let bound: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      firstArrived,
      new Promise((_, reject) => {
        bound = setTimeout(() => reject(new Error('the first worker never delivered')), 60_000);
      }),
    ]);
  } finally {
    clearTimeout(bound);
  }
  first.kill('SIGKILL');
  await exited(first);

  // Nothing was recorded: the delivery is still pending, leased by a dead worker.
  const orphan = await deliveryRow(env!.id);
  assert.equal(orphan.status, 'pending');
  assert.deepEqual(orphan.attempts, []);
  assert.ok(orphan.lease_until);

  // The lease lapses (on the service clock); a new worker process takes the delivery over.
  r.respond((_req, res) => res.writeHead(200).end());
  await advanceClock(svc, LEASE_MS / 1000 + 1);
  const second = startWorkerProcess(databaseUrl);
  await r.waitFor(2, 60_000);
  const deadline = Date.now() + 30_000;
  let row = await deliveryRow(env!.id);
  while (row.status !== 'succeeded' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    row = await deliveryRow(env!.id);
  }
  second.kill('SIGTERM');
  await exited(second);

  assert.equal(row.status, 'succeeded');
  assert.equal(row.attempts.length, 1);
  assert.equal(row.attempts[0]!.status_code, 200);
  assert.equal(r.received.length, 2, 'sent again, not more');
  const [lost, redone] = r.received;
  assert.equal(lost!.headers['svc-webhook-id'], env!.id);
  assert.equal(redone!.headers['svc-webhook-id'], env!.id, 'the receiver can deduplicate on the same id');
  assert.ok(redone!.rawBody.equals(lost!.rawBody));
  const event = verifyWebhook({
    rawBody: redone!.rawBody,
    headers: redone!.headers,
    secrets: ep.secret,
    now: svc.ctx.clock.now(),
  });
  assert.equal(event.id, env!.id);
});
