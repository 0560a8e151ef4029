// Document scenarios of `npm run bench` (issue 9): creates across many organizations and within
// one, reads by id, list pages, and issue + transition, each beside the ceiling it is judged
// against.

import type { Request } from 'autocannon';
import type { Step } from './lib.ts';
import { uniqueKey } from './lib.ts';
import type { BenchContext, Scenario } from './scenario.ts';
import { api, signupWithKey } from './setup.ts';

const LINES = Array.from({ length: 5 }, (_, i) => ({
  description: `Line ${i + 1}`,
  quantity: 2,
  unit_price: 12.5 + i,
  tax_rate: 0.08,
}));

interface Tenant {
  orgId: string;
  key: string;
  connectionId: string;
}

/** An organization with a key and an active connection to a counterparty. */
async function tenant(ctx: BenchContext, n: number): Promise<Tenant> {
  const a = await signupWithKey(ctx, `Bench issuer ${n}`);
  const b = await signupWithKey(ctx, `Bench counterparty ${n}`);
  const conn = (await api(ctx, 'POST', '/v1/connections', a.session, {
    counterparty_organization_id: b.orgId,
  })) as {
    id: string;
  };
  await api(ctx, 'POST', `/v1/connections/${conn.id}/accept`, b.session);
  return { orgId: a.orgId, key: a.key, connectionId: conn.id };
}

/**
 * One value per docex server, by its URL, made once: the PostgreSQL and the PGlite servers of a
 * run each have their own, and so do the two servers bench/ab.ts prepares in one process (a single
 * cache once handed the second the first one's key and ids: every request a 401, that side
 * measured at 40,000/s).
 */
export function perServer<T>(make: (ctx: BenchContext) => Promise<T>): (ctx: BenchContext) => Promise<T> {
  const byUrl = new Map<string, Promise<T>>();
  return (ctx) => {
    let made = byUrl.get(ctx.docexUrl);
    if (!made) {
      made = make(ctx);
      byUrl.set(ctx.docexUrl, made);
    }
    return made;
  };
}

export const manyTenants = perServer((ctx) =>
  Promise.all(Array.from({ length: 10 }, (_, i) => tenant(ctx, i))),
);

const createBody = (t: Tenant) =>
  JSON.stringify({ connection_id: t.connectionId, document_type: 'invoice', line_items: LINES });

function writeHeaders(key: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    authorization: `Bearer ${key}`,
    'idempotency-key': uniqueKey(),
  };
}

/** docex creates rotating over `list`'s organizations. */
export function createRequests(list: Tenant[]) {
  let i = 0;
  return (req: Request): Request => {
    const t = list[i++ % list.length]!;
    return {
      ...req,
      method: 'POST',
      path: '/v1/documents',
      headers: writeHeaders(t.key),
      body: createBody(t),
    };
  };
}

/**
 * The ceiling's creates: the same bodies, the same rotation of counter rows; `prepared` asks for
 * the stricter ceiling (ceiling-server.ts).
 */
function ceilingCreates(list: Tenant[], prepared = false) {
  let i = 0;
  return (req: Request): Request => {
    const t = list[i++ % list.length]!;
    return {
      ...req,
      method: 'POST',
      path: `/create?org=${t.orgId}${prepared ? '&prepared=1' : ''}`,
      headers: { 'content-type': 'application/json' },
      body: createBody(t),
    };
  };
}

const seededDocuments = perServer(async (ctx) => {
  const [t] = await manyTenants(ctx);
  const ids: string[] = [];
  for (let i = 0; i < 200; i++) {
    const d = (await api(ctx, 'POST', '/v1/documents', t!.key, {
      connection_id: t!.connectionId,
      document_type: 'invoice',
      line_items: LINES,
    })) as { id: string };
    ids.push(d.id);
  }
  return { orgId: t!.orgId, key: t!.key, ids };
});

const CREATE_CEILING = 'bare single-statement transaction inserting the same 4 rows';

/** docex reads by id, and the ceiling's, rotating over the seeded documents. */
async function readRequests(ctx: BenchContext, prepared: boolean) {
  const { key, ids } = await seededDocuments(ctx);
  let i = 0;
  let j = 0;
  const query = prepared ? '?prepared=1' : '';
  return {
    docex: {
      url: `${ctx.docexUrl}/v1/documents/${ids[0]}`,
      setup: (req: Request): Request => ({
        ...req,
        path: `/v1/documents/${ids[i++ % ids.length]}`,
        headers: { authorization: `Bearer ${key}` },
      }),
    },
    ceiling: {
      url: `${ctx.ceilingUrl}/read/${ids[0]}${query}`,
      setup: (req: Request): Request => ({ ...req, path: `/read/${ids[j++ % ids.length]}${query}` }),
    },
  };
}

export const documentScenarios: Scenario[] = [
  {
    id: 'create-many',
    title: 'create an invoice (5 lines), 10 organizations',
    ceilingTitle: CREATE_CEILING,
    target: { ratio: 0.75, p99: 50 },
    async prepare(ctx) {
      const list = await manyTenants(ctx);
      return {
        docex: { url: `${ctx.docexUrl}/v1/documents`, method: 'POST', setup: createRequests(list) },
        ceiling: { url: `${ctx.ceilingUrl}/create`, method: 'POST', setup: ceilingCreates(list) },
      };
    },
  },
  {
    id: 'create-one',
    title: 'create an invoice (5 lines), one organization',
    ceilingTitle: CREATE_CEILING,
    target: { ratio: 0.4 },
    async prepare(ctx) {
      const list = (await manyTenants(ctx)).slice(0, 1);
      return {
        docex: { url: `${ctx.docexUrl}/v1/documents`, method: 'POST', setup: createRequests(list) },
        ceiling: { url: `${ctx.ceilingUrl}/create`, method: 'POST', setup: ceilingCreates(list) },
      };
    },
  },
  {
    id: 'get',
    title: 'get a document by id',
    ceilingTitle: 'bare Fastify + pg point read of the same rows',
    target: { ratio: 0.6 },
    prepare: (ctx) => readRequests(ctx, false),
  },
  {
    id: 'list',
    title: 'list page of 20, filtered by type',
    ceilingTitle: 'bare Fastify + pg list route, the same 20 rows',
    target: { ratio: 0.6 },
    async prepare(ctx) {
      const { key, orgId } = await seededDocuments(ctx);
      return {
        docex: {
          url: `${ctx.docexUrl}/v1/documents?type=invoice&limit=20`,
          headers: { authorization: `Bearer ${key}` },
        },
        ceiling: { url: `${ctx.ceilingUrl}/list?org=${orgId}` },
      };
    },
  },
  {
    id: 'issue-transition',
    title: 'create → issue → transition (void), per request',
    ceilingTitle: CREATE_CEILING,
    async prepare(ctx) {
      const list = await manyTenants(ctx);
      let n = 0;
      // Each connection walks create, issue, void on its own document, in turn.
      const tenantOf = (c: Record<string, unknown>): Tenant => {
        c.tenant ??= list[n++ % list.length];
        return c.tenant as Tenant;
      };
      const steps: Step[] = [
        {
          method: 'POST',
          path: '/v1/documents',
          setupRequest: (req, c) => {
            const t = tenantOf(c);
            return { ...req, headers: writeHeaders(t.key), body: createBody(t) };
          },
          onResponse: (_status, body, c) => {
            c.doc = (JSON.parse(body) as { id: string }).id;
          },
        },
        {
          method: 'POST',
          setupRequest: (req, c) => ({
            ...req,
            path: `/v1/documents/${String(c.doc)}/issue`,
            headers: writeHeaders(tenantOf(c).key),
            body: '{}',
          }),
        },
        {
          method: 'POST',
          setupRequest: (req, c) => ({
            ...req,
            path: `/v1/documents/${String(c.doc)}/transition`,
            headers: writeHeaders(tenantOf(c).key),
            body: JSON.stringify({ to: 'void' }),
          }),
        },
      ];
      return {
        docex: { url: `${ctx.docexUrl}/v1/documents`, method: 'POST', steps },
        ceiling: { url: `${ctx.ceilingUrl}/create`, method: 'POST', setup: ceilingCreates(list) },
      };
    },
  },
  // The stricter ceilings: the same routes with their statement prepared, as docex prepares its
  // own. No target (the are against the bare ceilings above); they show how much of a
  // ratio is docex's prepared statements against a ceiling that plans at every request.
  {
    id: 'create-many-prepared',
    title: 'create an invoice (5 lines), 10 organizations, against the stricter ceiling',
    ceilingTitle: 'the same transaction as a prepared statement',
    async prepare(ctx) {
      const list = await manyTenants(ctx);
      return {
        docex: { url: `${ctx.docexUrl}/v1/documents`, method: 'POST', setup: createRequests(list) },
        ceiling: { url: `${ctx.ceilingUrl}/create`, method: 'POST', setup: ceilingCreates(list, true) },
      };
    },
  },
  {
    id: 'get-prepared',
    title: 'get a document by id, against the stricter ceiling',
    ceilingTitle: 'the same point read as a prepared statement',
    prepare: (ctx) => readRequests(ctx, true),
  },
];
