// Document scenarios of `npm run bench` (issue 9): creates across many organizations and within
// one, reads by id, and list pages, each beside the ceiling it is judged against.

import { uniqueKey } from './lib.ts';
import type { BenchContext, Scenario } from './scenarios.ts';
import { api, signupWithKey } from './setup.ts';

const LINES = Array.from({ length: 5 }, (_, i) => ({
  description: `Line ${i + 1}`,
  quantity: 2,
  unit_price: 12.5 + i,
  tax_rate: 0.08,
}));

interface Tenant {
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
  return { key: a.key, connectionId: conn.id };
}

let tenants: Promise<Tenant[]> | null = null;
function manyTenants(ctx: BenchContext): Promise<Tenant[]> {
  tenants ??= Promise.all(Array.from({ length: 10 }, (_, i) => tenant(ctx, i)));
  return tenants;
}

function createRequests(list: Tenant[]) {
  let i = 0;
  return (req: Record<string, unknown>) => {
    const t = list[i++ % list.length]!;
    return {
      ...req,
      method: 'POST',
      path: '/v1/documents',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${t.key}`,
        'idempotency-key': uniqueKey(),
      },
      body: JSON.stringify({ connection_id: t.connectionId, document_type: 'invoice', line_items: LINES }),
    };
  };
}

let seeded: Promise<{ key: string; ids: string[] }> | null = null;
function seededDocuments(ctx: BenchContext) {
  seeded ??= (async () => {
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
    return { key: t!.key, ids };
  })();
  return seeded;
}

const CREATE_CEILING = 'bare INSERT transaction of 4 rows';

export const documentScenarios: Scenario[] = [
  {
    id: 'create-many',
    title: 'create an invoice (5 lines), 10 organizations',
    ceilingTitle: CREATE_CEILING,
    target: '≥ 0.75, p99 ≤ 50 ms',
    async prepare(ctx) {
      const list = await manyTenants(ctx);
      return {
        docex: { url: `${ctx.docexUrl}/v1/documents`, method: 'POST', setup: createRequests(list) },
        ceiling: { url: `${ctx.ceilingUrl}/insert?rows=4`, method: 'POST' },
      };
    },
  },
  {
    id: 'create-one',
    title: 'create an invoice (5 lines), one organization',
    ceilingTitle: CREATE_CEILING,
    target: '≥ 0.4',
    async prepare(ctx) {
      const list = await manyTenants(ctx);
      return {
        docex: {
          url: `${ctx.docexUrl}/v1/documents`,
          method: 'POST',
          setup: createRequests(list.slice(0, 1)),
        },
        ceiling: { url: `${ctx.ceilingUrl}/insert?rows=4`, method: 'POST' },
      };
    },
  },
  {
    id: 'get',
    title: 'get a document by id',
    ceilingTitle: 'bare Fastify + pg point read',
    target: '≥ 0.6',
    async prepare(ctx) {
      const { key, ids } = await seededDocuments(ctx);
      let i = 0;
      let j = 0;
      return {
        docex: {
          url: `${ctx.docexUrl}/v1/documents/${ids[0]}`,
          setup: (req) => ({
            ...req,
            path: `/v1/documents/${ids[i++ % ids.length]}`,
            headers: { authorization: `Bearer ${key}` },
          }),
        },
        ceiling: {
          url: `${ctx.ceilingUrl}/read/seed_0`,
          setup: (req) => ({ ...req, path: `/read/seed_${j++ % 200}` }),
        },
      };
    },
  },
  {
    id: 'list',
    title: 'list page of 20, filtered by type',
    ceilingTitle: 'bare Fastify + pg list of 20',
    target: '≥ 0.6',
    async prepare(ctx) {
      const { key } = await seededDocuments(ctx);
      return {
        docex: {
          url: `${ctx.docexUrl}/v1/documents?type=invoice&limit=20`,
          headers: { authorization: `Bearer ${key}` },
        },
        ceiling: { url: `${ctx.ceilingUrl}/list` },
      };
    },
  },
];
