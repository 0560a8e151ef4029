// Assertions shared by the foundation tests: the error envelope (CONTRACT 8) and the headers
// every response carries, so each test states the rule once and checks all of it.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { ERROR_STATUS, type ErrorCode } from '../../src/lib/errors.ts';
import { API_VERSION } from '../../src/version.ts';
import type { Res, TestService } from './harness.ts';

export const BASE_URL = 'http://127.0.0.1:8080';

type Headers = Res['headers'];

export interface ErrorBody {
  code: string;
  message: string;
  docs_url: string;
  details?: Record<string, unknown> & { errors?: { path: string; message: string }[] };
}

/** Svc-Api-Version and Svc-Request-Id: on every response, errors and 404s included. */
export function assertServiceHeaders(headers: Headers): void {
  assert.equal(headers['svc-api-version'], API_VERSION, 'Svc-Api-Version');
  assert.match(String(headers['svc-api-version']), /^\d+\.\d+\.\d+$/);
  assert.match(String(headers['svc-request-id'] ?? ''), /^req_[0-9A-Za-z]{8,}$/, 'Svc-Request-Id');
}

/**
 * The response is the spec's error envelope with this status and code, docs_url pointing at the
 * code's anchor, and the service headers. Returns `error` for further checks.
 */
export function expectApiError(
  res: { status: number; headers: Headers; text: string; body: unknown },
  status: number,
  code: ErrorCode,
  baseUrl = BASE_URL,
): ErrorBody {
  assert.equal(res.status, status, `expected ${status} ${code}, got ${res.status} ${res.text}`);
  assert.equal(ERROR_STATUS[code], status, `CONTRACT 8 maps ${code} to ${ERROR_STATUS[code]}`);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  const body = res.body as { error?: ErrorBody } | null;
  assert.ok(body && typeof body === 'object', `not JSON: ${res.text}`);
  assert.deepEqual(Object.keys(body), ['error'], 'the envelope has only `error`');
  const e = body.error as ErrorBody;
  assert.equal(e.code, code, res.text);
  assert.equal(typeof e.message, 'string');
  assert.ok(e.message.length > 0, 'message is not empty');
  assert.equal(e.docs_url, `${baseUrl}/v1/docs#errors-${code}`);
  for (const k of Object.keys(e)) assert.ok(['code', 'message', 'docs_url', 'details'].includes(k), k);
  if (e.details !== undefined) assert.equal(typeof e.details, 'object');
  assertServiceHeaders(res.headers);
  if (status === 401) assert.equal(res.headers['www-authenticate'], 'Bearer');
  return e;
}

/** The error's details.errors names this path (validation errors, CONTRACT 8). */
export function assertNamesField(e: ErrorBody, path: string | RegExp): void {
  const errors = e.details?.errors ?? [];
  assert.ok(
    errors.some((p) => (typeof path === 'string' ? p.path === path : path.test(p.path))),
    `details.errors should name ${path}: ${JSON.stringify(e.details)}`,
  );
}

/** Every row of every table in the public schema, as one JSON text (for "stored nowhere" checks). */
export async function dumpAllTables(svc: TestService): Promise<string> {
  const tables = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = 'public' order by tablename
  `.execute(svc.ctx.db);
  const parts: string[] = [];
  for (const { tablename } of tables.rows) {
    const rows = await sql`select * from ${sql.table(tablename)}`.execute(svc.ctx.db);
    parts.push(`${tablename}: ${JSON.stringify(rows.rows)}`);
  }
  return parts.join('\n');
}
