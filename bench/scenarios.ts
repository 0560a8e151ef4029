// The HTTP scenarios of `npm run bench`, each paired with the ceiling it is judged against.

import { documentScenarios } from './documents.ts';
import type { RunOptions } from './lib.ts';
import { uniqueKey } from './lib.ts';
import { signupWithKey } from './setup.ts';

export interface BenchContext {
  docexUrl: string;
  ceilingUrl: string;
  operatorToken: string;
}

type Target = Omit<RunOptions, 'connections' | 'seconds' | 'warmupSeconds'>;

/** Issue 9's target for a scenario: a ratio to its ceiling, and for some a p99 bound. */
export interface Goal {
  ratio: number;
  p99?: number;
}

export interface Scenario {
  id: string;
  title: string;
  ceilingTitle: string;
  target?: Goal;
  /** Sets up data and returns the two request shapes, or null when the build lacks the feature. */
  prepare(ctx: BenchContext): Promise<{ docex: Target; ceiling: Target } | null>;
}

let account: Promise<{ session: string; key: string }> | null = null;
function benchAccount(ctx: BenchContext) {
  account ??= signupWithKey(ctx, 'Bench Ltd');
  return account;
}

export const scenarios: Scenario[] = [
  {
    id: 'auth-read',
    title: 'authenticated read (GET /v1/organization)',
    ceilingTitle: 'empty Fastify route',
    async prepare(ctx) {
      const { key } = await benchAccount(ctx);
      return {
        docex: { url: `${ctx.docexUrl}/v1/organization`, headers: { authorization: `Bearer ${key}` } },
        ceiling: { url: `${ctx.ceilingUrl}/empty` },
      };
    },
  },
  {
    id: 'idempotent-write',
    title: 'idempotent write (POST /v1/keys, session)',
    ceilingTitle: 'bare single-statement one-row INSERT',
    async prepare(ctx) {
      const { session } = await benchAccount(ctx);
      const body = JSON.stringify({ name: 'bench key', scopes: ['documents:read'] });
      return {
        docex: {
          url: `${ctx.docexUrl}/v1/keys`,
          method: 'POST',
          setup: (req) => ({
            ...req,
            method: 'POST',
            path: '/v1/keys',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${session}`,
              'idempotency-key': uniqueKey(),
            },
            body,
          }),
        },
        ceiling: { url: `${ctx.ceilingUrl}/insert?rows=1`, method: 'POST' },
      };
    },
  },
  ...documentScenarios,
];
