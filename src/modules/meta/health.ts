// GET /healthz and GET /readyz (issue 28): what a load balancer or a process manager asks. healthz
// says the process answers (no database involved, so a database outage never gets a healthy
// process killed); readyz says this process can serve: its database answers and every migration
// this build knows is applied. Not ready is 503 unavailable in the error envelope.
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { loadMigrations } from '../../db/migrate.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { ApiError } from '../../lib/errors.ts';
import { API_VERSION } from '../../version.ts';

const Health = Type.Object({ status: Type.Literal('ok'), api_version: Type.String() }, { title: 'Health' });

/** A readiness probe answers within this, whatever the database does. */
const READY_TIMEOUT_MS = 2_000;

const notReady = (why: string) =>
  new ApiError('unavailable', `Not ready: ${why}.`, { reason: why }, { 'retry-after': '2' });

async function checkReady(ctx: AppContext, expected: string[]): Promise<void> {
  const probe = (async () => {
    const { rows } = await sql<{ id: string }>`select id from docex_migrations`.execute(ctx.db);
    const applied = new Set(rows.map((r) => r.id));
    const pending = expected.filter((id) => !applied.has(id));
    if (pending.length > 0) throw notReady(`${pending.length} migration(s) not applied (${pending[0]}…)`);
  })();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(notReady('the database did not answer in time')), READY_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe, timeout]);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw notReady('the database is unreachable');
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(): AnyRoute[] {
  const expected = loadMigrations().map((m) => m.id);
  return [
    defineRoute({
      method: 'GET',
      url: '/healthz',
      operationId: 'getHealth',
      summary: 'Liveness',
      description:
        'Unauthenticated. 200 while the process answers; it never touches the database, so a database outage does not get healthy processes restarted.',
      tags: ['Meta'],
      auth: 'none',
      response: { status: 200, schema: Health, description: 'The process is alive.' },
      errors: [],
      handler: async () => ({ status: 'ok' as const, api_version: API_VERSION }),
    }),
    defineRoute({
      method: 'GET',
      url: '/readyz',
      operationId: 'getReadiness',
      summary: 'Readiness',
      description:
        'Unauthenticated. 200 when the process can serve: its database answers within 2 seconds and every migration of this build is applied. Otherwise 503 unavailable with Retry-After and details.reason; a load balancer sends no traffic to it meanwhile.',
      tags: ['Meta'],
      auth: 'none',
      response: { status: 200, schema: Health, description: 'Ready to serve.' },
      errors: ['unavailable'],
      handler: async ({ ctx }) => {
        await checkReady(ctx, expected);
        return { status: 'ok' as const, api_version: API_VERSION };
      },
    }),
  ];
}
