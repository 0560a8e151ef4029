// One service per test file on a fresh database, driven through Fastify's inject or real HTTP.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { AppContext } from '../../src/context.ts';
import { closeService, openService } from '../../src/service.ts';
import { allTasks } from '../../src/tasks.ts';
import { type RunningWorker, startWorker } from '../../src/worker/worker.ts';
import { freshDatabase, type TestDatabase } from './database.ts';

export const OPERATOR_TOKEN = 'op_test_operator_token_for_the_suite';
/** 32 bytes, base64: the suite's master key (tests of the key file itself set none). */
export const TEST_MASTER_KEY = Buffer.alloc(32, 7).toString('base64');

export interface Res<T = Record<string, unknown>> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  text: string;
  body: T;
}

export interface RequestOptions {
  token?: string | null;
  body?: unknown;
  /** Idempotency-Key to send; by default writes get a fresh random one. `null` sends none. */
  idem?: string | null;
  headers?: Record<string, string>;
  remoteAddress?: string;
  rawBody?: string;
}

export interface TestService {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  db: TestDatabase;
  req<T = Record<string, unknown>>(method: string, url: string, opts?: RequestOptions): Promise<Res<T>>;
  /** Listens on a random loopback port for tests that need real sockets. */
  listen(): Promise<string>;
  startWorker(): RunningWorker;
  /**
   * Another process of the same deployment: a service with this environment on the SAME database
   * (its own app, clock, rate limiter and memory). Far cheaper than a fresh database when a test
   * only needs another configuration. Its clock starts at the stored test-clock offset and then
   * moves on its own. Closing it leaves the database open.
   */
  variant(env: Record<string, string>): Promise<TestService>;
  close(): Promise<void>;
}

export function randomKey(): string {
  return `idem_${randomBytes(12).toString('hex')}`;
}

export async function startTestService(env: Record<string, string> = {}): Promise<TestService> {
  const db = await freshDatabase();
  try {
    return await serviceOn(db, env, true);
  } catch (err) {
    await db.drop();
    throw err;
  }
}

/**
 * A service on a database the test opened itself (a pool through a fault-injecting proxy, say).
 * Closing the service leaves that database to the test.
 */
export function startTestServiceOn(db: TestDatabase, env: Record<string, string> = {}): Promise<TestService> {
  return serviceOn(db, env, false);
}

async function serviceOn(
  db: TestDatabase,
  env: Record<string, string>,
  ownsDb: boolean,
): Promise<TestService> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DOCEX_TEST_CLOCK: '1',
    DOCEX_OPERATOR_TOKEN: OPERATOR_TOKEN,
    DOCEX_DATA_DIR: '.test-cache/data-unused',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    DOCEX_IN_PROCESS_WORKER: '0',
    // Suites sign up many organizations from one address; the per-address limit (CONTRACT 10) has
    // tests of its own, which set it low.
    DOCEX_AUTH_RATE_LIMIT: '1000000',
    // The same for the per-key and per-organization rate (DOCEX_RATE_LIMIT, CONTRACT 10): a file
    // that sends a few hundred requests one after the other with one key runs over 100 a second on
    // a quiet machine and gets a correct 429 (the import fuzz did, on Node 24 and PostgreSQL). The
    // tests of the limit set it low (test/keys/keys.test.ts, test/security/rate-limits.test.ts).
    DOCEX_RATE_LIMIT: '1000000',
    // Every service of a test file shares the database, so they share one master key too.
    DOCEX_MASTER_KEY: TEST_MASTER_KEY,
    ...env,
  });
  const { ctx } = await openService(config, { database: db.database, skipMigrations: true });
  const app = await buildApp(ctx);
  const workers: RunningWorker[] = [];
  let listening: string | null = null;
  return {
    app,
    ctx,
    config,
    db,
    async req<T>(method: string, url: string, opts: RequestOptions = {}): Promise<Res<T>> {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (method !== 'GET' && opts.idem !== null) headers['idempotency-key'] = opts.idem ?? randomKey();
      let payload: string | undefined;
      if (opts.rawBody !== undefined) payload = opts.rawBody;
      else if (opts.body !== undefined) {
        payload = JSON.stringify(opts.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(payload !== undefined ? { payload } : {}),
        ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
      });
      let body: unknown = null;
      try {
        body = res.body ? JSON.parse(res.body) : null;
      } catch {
        body = null;
      }
      return { status: res.statusCode, headers: res.headers, text: res.body, body: body as T };
    },
    async listen() {
      listening ??= await app.listen({ host: '127.0.0.1', port: 0 });
      return listening;
    },
    startWorker() {
      const w = startWorker(ctx, allTasks());
      workers.push(w);
      return w;
    },
    variant(variantEnv) {
      return serviceOn(db, variantEnv, false);
    },
    async close() {
      for (const w of workers) await w.stop();
      await app.close();
      if (ownsDb) {
        await closeService(ctx);
        await db.drop();
      } else {
        await ctx.rateLimiter.close();
      }
    },
  };
}
