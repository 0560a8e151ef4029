// Real local receivers and small flows shared by the webhook tests.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import { inTransaction } from '../../src/db/transaction.ts';
import {
  type AppendEvent,
  appendEvents,
  type EventEnvelope,
  type EventType,
} from '../../src/modules/events/append.ts';
import { allTasks } from '../../src/tasks.ts';
import { startWorker } from '../../src/worker/worker.ts';
import { operator } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

export interface Received {
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  body: { id: string; type: string; sandbox?: boolean; data: Record<string, unknown> };
}

export type Responder = (req: Received, res: ServerResponse, n: number) => void;

export interface Receiver {
  url: string;
  received: Received[];
  /** Changes how the next requests are answered (default: 200). */
  respond(fn: Responder): void;
  /** Answers every request with this status. */
  status(code: number): void;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * One service (started with `env`) and one receiver for a whole test file: started before its
 * tests, handed to `use`, and closed after them.
 */
export function serviceWithReceiver(
  use: (svc: TestService, r: Receiver) => void,
  env: Record<string, string> = {},
): void {
  let svc: TestService | undefined;
  let r: Receiver | undefined;
  before(async () => {
    svc = await startTestService(env);
    r = await startReceiver();
    use(svc, r);
  });
  after(async () => {
    await r?.close();
    await svc?.close();
  });
}

/** A node:http server on 127.0.0.1 that records every request's raw bytes. */
export async function startReceiver(path = '/hooks'): Promise<Receiver> {
  const received: Received[] = [];
  let responder: Responder = (_r, res) => res.writeHead(200).end('ok');
  const waiters: Array<() => void> = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const rawBody = Buffer.concat(chunks);
    let body: Received['body'];
    try {
      body = JSON.parse(rawBody.toString('utf8'));
    } catch {
      body = { id: '', type: '', data: {} };
    }
    const r: Received = { headers: req.headers, rawBody, body };
    received.push(r);
    for (const w of waiters.splice(0)) w();
    responder(r, res, received.length);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    respond(fn) {
      responder = fn;
    },
    status(code) {
      responder = (_r, res) => res.writeHead(code).end();
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${count} requests`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Runs every worker task until none finds work (no background loops: deterministic). */
export async function drain(svc: TestService): Promise<number> {
  return startWorker(svc.ctx, allTasks(), { autoStart: false }).drain();
}

/** How many of these events are still queued for fan-out. */
export async function stillQueued(svc: TestService, eventIds: string[]): Promise<number> {
  const rows = await svc.ctx.db
    .selectFrom('webhook_event_queue')
    .select('event_id')
    .where('event_id', 'in', eventIds)
    .execute();
  return rows.length;
}

/** Appends events the way a domain module does: inside its transaction, on the service clock. */
export async function emit(
  svc: TestService,
  organizationId: string,
  type: EventType = 'document.created',
  data: Record<string, unknown> = { document: { id: 'doc_test' } },
  opts: { sandbox?: boolean; count?: number } = {},
): Promise<EventEnvelope[]> {
  const events: AppendEvent[] = Array.from({ length: opts.count ?? 1 }, (_, i) => ({
    organizationId,
    sandbox: opts.sandbox ?? false,
    type,
    data: { ...data, seq: i },
  }));
  return inTransaction(svc.ctx.db, (trx) => appendEvents(trx, events, svc.ctx.clock.now()));
}

export interface Endpoint {
  id: string;
  url: string;
  secret: string;
  events: string[];
  status: string;
  consecutive_failures: number;
  disabled_reason: string | null;
  previous_secret_valid_until: string | null;
  last_success_at: string | null;
  last_failure_at: string | null;
}

export async function createEndpoint(
  svc: TestService,
  session: string,
  url: string,
  events: string[] = [],
): Promise<Endpoint> {
  const res = await svc.req<Endpoint>('POST', '/v1/webhooks', { token: session, body: { url, events } });
  if (res.status !== 201) throw new Error(`endpoint create failed: ${res.status} ${res.text}`);
  return res.body;
}

export interface Delivery {
  id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  failure_reason: string | null;
  attempts: Array<{ at: string; status_code: number | null; duration_ms: number; error: string | null }>;
  next_attempt_at: string | null;
  created_at: string;
}

export async function deliveries(
  svc: TestService,
  session: string,
  endpointId: string,
  query = '',
): Promise<Delivery[]> {
  const res = await svc.req<{ data: Delivery[] }>(
    'GET',
    `/v1/webhooks/${endpointId}/deliveries?limit=100${query}`,
    {
      token: session,
    },
  );
  if (res.status !== 200) throw new Error(`deliveries list failed: ${res.status} ${res.text}`);
  return res.body.data;
}

export async function getEndpoint(svc: TestService, session: string, id: string): Promise<Endpoint> {
  const res = await svc.req<Endpoint>('GET', `/v1/webhooks/${id}`, { token: session });
  if (res.status !== 200) throw new Error(`endpoint get failed: ${res.status} ${res.text}`);
  return res.body;
}

/** Moves the test clock to an absolute instant (forward only). */
export async function clockTo(svc: TestService, at: Date): Promise<void> {
  const res = await operator(svc, 'POST', '/v1/test_helpers/clock', { now: at.toISOString() });
  if (res.status !== 200) throw new Error(`clock move failed: ${res.status} ${res.text}`);
}

/** A new admin session (sessions last 12 hours; tests that move the clock further need one). */
export async function freshSession(
  svc: TestService,
  user: { email: string; password: string },
): Promise<string> {
  const res = await svc.req<{ token: string }>('POST', '/v1/sessions', {
    body: { email: user.email, password: user.password },
    idem: null,
  });
  if (res.status !== 201) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  return res.body.token;
}
