// Libraries most processes never use are not loaded at start (issue 28 item 6: the embedded
// default's peak RSS within 300 MB): a child process starts the service as `docex serve` does
// (app, database, in-process worker) with a module hook that records every URL it loads, and
// reports which of them were loaded at start and after each first use.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

// prom-client only with DOCEX_METRICS_LISTEN, the OpenTelemetry SDK only with
// OTEL_EXPORTER_OTLP_ENDPOINT (src/service.ts): neither is set here, so neither ever loads.
const LIBRARIES = [
  'xmlbuilder2',
  'undici',
  'pdfkit',
  '@modelcontextprotocol/sdk',
  'ioredis',
  'prom-client',
  '@opentelemetry/sdk-trace-base',
  '@opentelemetry/api',
  // the inbound reader's (src/modules/inbound/read-message.ts): only at the first message read
  'mailparser',
  'pdf-lib',
] as const;

// Runs in the hooks thread: every module's URL, appended before it is loaded (synchronously, so
// the file is complete by the time an import resolves on the main thread).
const HOOKS = `
import { appendFileSync } from 'node:fs';
let file;
export function initialize(data) { file = data.file; }
export async function load(url, context, next) {
  appendFileSync(file, url + '\\n');
  return next(url, context);
}
`;

const at = (path: string) => JSON.stringify(new URL(path, import.meta.url).href);

const CHILD = `
import { register, createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const file = process.argv[1];
writeFileSync(file, '');
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}), { data: { file } });
const require = createRequire(import.meta.url);
const LIBRARIES = ${JSON.stringify(LIBRARIES)};
// ESM loads from the hook; CommonJS modules required by other CommonJS modules never reach an
// ESM hook on Node 20, so require's cache is read too.
const loaded = () => {
  const urls = readFileSync(file, 'utf8').split('\\n');
  for (const path of Object.keys(require.cache)) urls.push(pathToFileURL(path).href);
  return LIBRARIES.filter((name) => urls.some((u) => u.includes('/node_modules/' + name + '/')));
};
const report = {};

await import(${at('../../src/server.ts')});
const { startTestService } = await import(${at('../helpers/harness.ts')});
const { pair } = await import(${at('../helpers/document-setup.ts')});
const { BUYER, SELLER } = await import(${at('../helpers/einvoice-profiles.ts')});
const { startReceiver } = await import(${at('../webhooks/helpers.ts')});
const svc = await startTestService();
svc.startWorker();
const p = await pair(svc, ['Seller Co', 'Buyer Co']);
const receiver = await startReceiver();
const ok = (res, status = 200) => {
  if (res.status !== status) throw new Error(res.status + ' ' + res.text);
  return res;
};
try {
  ok(await svc.req('PATCH', '/v1/organization', { token: p.issuer.org.session, body: SELLER }));
  ok(await svc.req('PATCH', '/v1/organization', { token: p.counterparty.org.session, body: BUYER }));
  const doc = ok(await svc.req('POST', '/v1/documents', {
    token: p.issuer.key,
    body: { connection_id: p.connectionId, document_type: 'invoice', currency: 'EUR',
      line_items: [{ description: 'Widget', quantity: 2, unit_price: 10, tax_rate: 0.19 }] },
  }), 201).body;
  ok(await svc.req('POST', '/v1/documents/' + doc.id + '/issue', { token: p.issuer.key }));
  // The worker has had passes of every task meanwhile.
  report.start = loaded();

  const cii = ok(await svc.req('GET', '/v1/documents/' + doc.id + '/einvoice?format=cii', { token: p.issuer.key })).text;
  report.export = loaded();

  ok(await svc.req('POST', '/v1/documents/import', {
    token: p.issuer.key,
    body: { connection_id: p.connectionId, content_base64: Buffer.from(cii).toString('base64') },
  }), 201);
  report.import = loaded();

  ok(await svc.req('GET', '/v1/documents/' + doc.id + '/einvoice?format=facturx', { token: p.issuer.key }));
  report.facturx = loaded();

  ok(await svc.app.inject({
    method: 'POST',
    url: '/mcp',
    headers: { authorization: 'Bearer ' + p.issuer.key, 'content-type': 'application/json',
      accept: 'application/json, text/event-stream' },
    payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  }).then((res) => ({ status: res.statusCode, text: res.body })));
  report.mcp = loaded();

  ok(await svc.req('POST', '/v1/webhooks', {
    token: p.issuer.org.session, body: { url: receiver.url, events: ['document.created'] },
  }), 201);
  ok(await svc.req('POST', '/v1/documents', {
    token: p.issuer.key,
    body: { connection_id: p.connectionId, document_type: 'invoice', currency: 'EUR',
      line_items: [{ description: 'Widget', quantity: 1, unit_price: 10, tax_rate: 0.19 }] },
  }), 201);
  await receiver.waitFor(1, 10000);
  report.delivery = loaded();
} finally {
  await receiver.close();
  await svc.close();
}
process.stdout.write(JSON.stringify(report));
process.exit(0);
`;

test('xmlbuilder2, undici, pdfkit, the MCP SDK, ioredis, mailparser and pdf-lib load on first use, not at start; prom-client and OpenTelemetry never unless configured (xmlbuilder2 and pdfkit on the render thread)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docex-loads-'));
  try {
    const res = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--conditions=docex-source',
        '--input-type=module',
        '-e',
        CHILD,
        join(dir, 'loads.txt'),
      ],
      // The render thread's start (tsx, pdfkit, a warm-up render) adds seconds on a loaded machine.
      { encoding: 'utf8', timeout: 180_000, env: { ...process.env, NODE_ENV: 'test' } },
    );
    assert.equal(res.status, 0, `child failed: ${res.stderr}`);
    const report = JSON.parse(res.stdout) as Record<string, string[]>;
    // xmlbuilder2 and pdfkit are loaded by the render thread at the first export
    // (src/modules/einvoice/render-pool.ts), never by this one.
    assert.deepEqual(report, {
      start: [],
      export: [],
      import: [],
      facturx: [],
      mcp: ['@modelcontextprotocol/sdk'],
      // ioredis only with REDIS_URL
      delivery: ['undici', '@modelcontextprotocol/sdk'],
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// `docex mcp` and `docex verify-bundle` are clients: started as the CLI starts them, they load
// none of the service (its server, modules, database drivers), which took them 1.1 s to load.
const CLI_CHILD = (command: string[]) => `
import { register } from 'node:module';
const file = process.argv[1];
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}), { data: { file } });
process.argv = [process.argv[0], 'docex', ...${JSON.stringify(command)}];
await import(${at('../../src/cli.ts')});
`;
const SERVICE = [
  '/src/service.',
  '/src/server.',
  '/src/http/',
  '/src/modules/',
  '/node_modules/fastify/',
  '/node_modules/pg/',
  '/node_modules/@electric-sql/pglite/',
];

for (const [command, exits] of [
  // A service that is not there: the MCP server stops at its first request, having loaded its own.
  [['mcp'], /cannot reach http:\/\/127\.0\.0\.1:9\//],
  [['verify-bundle', '/nonexistent/bundle.json'], /bundle/i],
] as const) {
  test(`docex ${command[0]} loads nothing of the service`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'docex-cli-loads-'));
    try {
      const file = join(dir, 'loads.txt');
      const res = spawnSync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', CLI_CHILD([...command]), file],
        {
          encoding: 'utf8',
          timeout: 60_000,
          env: { ...process.env, DOCEX_API_KEY: 'sk_test_unused', DOCEX_BASE_URL: 'http://127.0.0.1:9' },
        },
      );
      assert.notEqual(res.status, 0);
      assert.match(`${res.stdout}${res.stderr}`, exits);
      const urls = readFileSync(file, 'utf8').split('\n');
      assert.ok(
        urls.some((u) => u.endsWith('/src/cli.ts')),
        'the hook saw the CLI load',
      );
      assert.deepEqual(
        urls.filter((u) => SERVICE.some((part) => u.includes(part))),
        [],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
