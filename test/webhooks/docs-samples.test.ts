// The three receivers of docs/webhooks.md ("Verifying webhooks": docex/verify-webhook, the Stripe
// library, the standardwebhooks library) run as real servers and verify REAL deliveries made by
// the worker, before and during a secret rotation (while they still hold only the old secret).
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { signup } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { createEndpoint, deliveries, drain, emit } from './helpers.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

let svc: TestService;
const servers: Server[] = [];
// Inside the project, so `docex/verify-webhook` resolves through the package's own exports.
const dir = new URL(`../../test-artifacts/webhook-delivery-samples-${process.pid}/`, import.meta.url);

before(async () => {
  svc = await startTestService();
  await mkdir(dir, { recursive: true });
});
after(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
  await rm(dir, { recursive: true, force: true });
  await svc?.close();
});

async function samples(): Promise<string[]> {
  const markdown = await readFile(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
  return [...markdown.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
}

/** Serves whichever handler is loaded later (the secret, and so the module, comes after the URL). */
async function serve(): Promise<{ url: string; use(h: Handler): void; answers: string[] }> {
  let handler: Handler | null = null;
  const answers: string[] = [];
  const server = createServer((req, res) => {
    const end = res.end.bind(res);
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      answers.push(`${res.statusCode} ${chunk === undefined ? '' : String(chunk)}`);
      return end(chunk as string, ...(rest as []));
    }) as typeof res.end;
    if (!handler) {
      res.writeHead(503).end('not ready');
      return;
    }
    handler(req, res).catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/webhooks`, use: (h) => (handler = h), answers };
}

test('each documented receiver verifies real deliveries, also during a rotation with only its old secret', async () => {
  const codes = await samples();
  assert.equal(codes.length, 3, 'verifyWebhook, Stripe and standardwebhooks samples');
  process.env['STRIPE_SECRET_KEY'] = 'sk_test_unused';
  for (const [i, code] of codes.entries()) {
    const org = await signup(svc, `Receiver ${i}`);
    const receiver = await serve();
    const ep = await createEndpoint(svc, org.session, receiver.url);
    // The samples read their secret from the environment (some when imported).
    process.env['DOCEX_WEBHOOK_SECRETS'] = ep.secret;
    process.env['DOCEX_WEBHOOK_SECRET'] = ep.secret;
    const file = new URL(`sample-${i}.mjs`, dir);
    await writeFile(file, code);
    receiver.use(((await import(file.href)) as { handleWebhook: Handler }).handleWebhook);

    const [first] = await emit(svc, org.orgId);
    await drain(svc);
    const rotated = await svc.req('POST', `/v1/webhooks/${ep.id}/rotate_secret`, { token: org.session });
    assert.equal(rotated.status, 200);
    const [second] = await emit(svc, org.orgId, 'document.status_changed');
    await drain(svc);

    assert.deepEqual(
      receiver.answers,
      [`200 {"received":"${first!.id}"}`, `200 {"received":"${second!.id}"}`],
      `sample ${i}`,
    );
    const list = await deliveries(svc, org.session, ep.id);
    assert.ok(list.every((d) => d.status === 'succeeded'));
  }
});
