// Issue 35: e-invoices are written on a render thread with a time limit and a bounded queue
// (src/modules/einvoice/render-pool.ts), and every export is XML 1.0 whatever older versions
// stored: characters XML cannot carry, written into the database directly as an old version
// accepted them, come out as U+FFFD, and the files pass a strict parser and the CEN artefacts.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { ApiError } from '../../src/lib/errors.ts';
import { xmlSafe } from '../../src/lib/text.ts';
import type { DocumentView } from '../../src/modules/documents/schemas.ts';
import type { ExportSource } from '../../src/modules/einvoice/build-model.ts';
import { renderEInvoice } from '../../src/modules/einvoice/render-einvoice.ts';
import { RenderPool } from '../../src/modules/einvoice/render-pool.ts';
import { type Pair, pair } from '../helpers/document-setup.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { formatAsserts, validateEInvoice } from '../helpers/einvoice-validate.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { inputsDigest } from '../helpers/inputs-digest.ts';
import { cachedFolder } from '../helpers/test-cache.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** What no XML 1.0 document may contain. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are the point.
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDFFF]/u;

const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');

/** A document at the JSON API's largest: 200 lines of 1,000 characters, a 10,000-character note. */
function maxSource(): ExportSource {
  const line_items = Array.from({ length: 200 }, (_, i) => ({
    line_number: i + 1,
    description: `${'W'.repeat(500)} ${'wide words '.repeat(45)}`.slice(0, 1000),
    quantity: 1,
    unit_price: 10,
    tax_rate: 0.19,
    sku: 'S'.repeat(200),
    discount_type: null,
    discount_value: null,
    net_amount: 10,
    tax_amount: 1.9,
  }));
  return {
    document_type: 'invoice',
    issuer_number: 'INV-000001',
    counterparty_number: null,
    currency: 'EUR',
    document_date: '2026-01-01',
    due_date: null,
    payment_terms: null,
    notes: `a${'\u0301'.repeat(9999)}`,
    external_refs: {},
    line_items,
    subtotal: '2000.00',
    tax: '380.00',
    total: '2380.00',
    issuer_profile: SELLER as ExportSource['issuer_profile'],
    counterparty_profile: BUYER as ExportSource['counterparty_profile'],
    preceding: null,
  };
}

function smallSource(): ExportSource {
  const s = maxSource();
  s.line_items = s.line_items.slice(0, 1).map((l) => ({ ...l, description: 'Widget', sku: null }));
  s.notes = 'Thank you.';
  s.subtotal = '10.00';
  s.tax = '1.90';
  s.total = '11.90';
  return s;
}

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => assert.fail('expected a rejection'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof ApiError, `an ApiError, got ${String(err)}`);
  return err;
}

describe('the render pool', () => {
  test('a job past its time limit answers 503 with Retry-After; its thread is replaced and the next job works', async () => {
    const pool = new RenderPool({ threads: 1, queue: 4, timeoutMs: 60_000 });
    try {
      // The largest Factur-X the API can make takes hundreds of milliseconds, never 50.
      const err = await rejection(pool.run(maxSource(), 'facturx', { timeoutMs: 50 }));
      assert.equal(err.code, 'unavailable');
      assert.equal(err.status, 503);
      assert.equal(err.details?.reason, 'render_timeout');
      assert.ok(Number(err.headers?.['retry-after']) > 0);
      assert.equal(pool.threads, 0, 'the thread was ended');
      const bytes = await pool.run(smallSource(), 'facturx');
      assert.equal(Buffer.from(bytes.subarray(0, 8)).toString('latin1'), '%PDF-1.7');
      assert.equal(pool.threads, 1, 'a new thread rendered it');
    } finally {
      await pool.close();
    }
  });

  test('a full queue answers 503 at once; the jobs it holds complete', async () => {
    const pool = new RenderPool({ threads: 1, queue: 1, timeoutMs: 60_000 });
    try {
      const first = pool.run(smallSource(), 'facturx'); // waits for the thread to start
      const err = await rejection(pool.run(smallSource(), 'ubl'));
      assert.equal(err.code, 'unavailable');
      assert.equal(err.details?.reason, 'render_queue_full');
      assert.ok(Number(err.headers?.['retry-after']) > 0);
      assert.ok((await first).byteLength > 1000);
    } finally {
      await pool.close();
    }
  });

  test('the same bytes as rendering on this thread; einvoice_incomplete crosses as itself', async () => {
    const pool = new RenderPool({ threads: 1, queue: 4, timeoutMs: 60_000 });
    try {
      for (const format of ['ubl', 'cii', 'facturx'] as const) {
        const there = await pool.run(smallSource(), format);
        const here = await renderEInvoice(smallSource(), format);
        assert.equal(sha256(there), sha256(here), format);
      }
      const err = await rejection(pool.run({ ...smallSource(), counterparty_profile: null }, 'ubl'));
      assert.equal(err.code, 'einvoice_incomplete');
      assert.ok(Array.isArray(err.details?.missing));
    } finally {
      await pool.close();
    }
  });

  test('from the compiled build: the worker entry is built beside the pool and renders the same bytes', async () => {
    // Compiled as scripts/build-server.mjs compiles dist/, into a directory of its own inside the
    // repository (so node_modules resolves), then loaded by plain node without tsx. The build is
    // kept under .test-cache/ by a digest of all that tsc reads (src/, the tsconfigs, package.json,
    // tsc's own version): from the same inputs tsc writes the same files, so a run whose inputs an
    // earlier run compiled loads that run's build. This file measured 23-28 s of CPU compiling,
    // 17-19 s loading the kept build (compiled suite, Node 20).
    const fromRoot = createRequire(join(ROOT, 'package.json'));
    const typescript = (
      JSON.parse(readFileSync(fromRoot.resolve('typescript/package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    // The repository's files (the working directory), which the compiled suite's mirror links to.
    const digest = inputsDigest(process.cwd(), [
      'src',
      'tsconfig.json',
      'tsconfig.build.json',
      'package.json',
    ]);
    const out = await cachedFolder(
      `render-build-typescript-${typescript}-${digest}`,
      async (dir) => {
        const tsc = fromRoot.resolve('typescript/bin/tsc');
        const built = await new Promise<number | null>((resolve, reject) => {
          const child = spawn(
            process.execPath,
            [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--noCheck', '--outDir', dir],
            { cwd: ROOT, stdio: 'inherit' },
          );
          child.on('error', reject);
          child.on('exit', resolve);
        });
        assert.equal(built, 0, 'tsc compiled src/');
      },
      /^render-build-typescript-.*-[0-9a-f]{16}$/,
    );
    // A file, not --eval: a worker inherits the process's options, and --input-type is refused
    // there. This process's own, beside the build (which other runs may be reading).
    const script = join(ROOT, '.test-cache', `render-from-dist-${process.pid}.mjs`);
    try {
      const pool = join(out, 'modules/einvoice/render-pool.js');
      writeFileSync(
        script,
        `
        import { RenderPool } from ${JSON.stringify(pathToFileURL(pool).href)};
        const source = JSON.parse(process.argv[2]);
        const pool = new RenderPool({ threads: 1, queue: 4, timeoutMs: 60000 });
        const out = {};
        for (const f of ['ubl', 'facturx']) out[f] = Buffer.from(await pool.run(source, f)).toString('base64');
        await pool.close();
        process.stdout.write(JSON.stringify(out));
      `,
      );
      const { NODE_OPTIONS: _o, ...env } = process.env;
      const res = spawnSync(process.execPath, [script, JSON.stringify(smallSource())], {
        encoding: 'utf8',
        env,
        maxBuffer: 64 * 1024 * 1024,
        timeout: 120_000,
      });
      assert.equal(res.status, 0, res.stderr);
      const got = JSON.parse(res.stdout) as Record<'ubl' | 'facturx', string>;
      for (const f of ['ubl', 'facturx'] as const) {
        assert.equal(
          sha256(Buffer.from(got[f], 'base64')),
          sha256(await renderEInvoice(smallSource(), f)),
          `${f} from dist`,
        );
      }
    } finally {
      rmSync(script, { force: true });
    }
  });
});

test('xmlSafe: each character XML 1.0 cannot carry becomes U+FFFD, the rest is kept', () => {
  assert.equal(
    xmlSafe('a\u0000b\u0001c\u0008d\u000be\u000cf\u001fg'),
    'a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFDf\uFFFDg',
  );
  assert.equal(xmlSafe('tab\tlf\ncr\r'), 'tab\tlf\ncr\r');
  assert.equal(xmlSafe('\uFFFE\uFFFF\uFFFD'), '\uFFFD\uFFFD\uFFFD');
  assert.equal(
    xmlSafe('lone \uD800 and \uDC00, pair \uD83D\uDE00'),
    'lone \uFFFD and \uFFFD, pair \uD83D\uDE00',
  );
  assert.equal(xmlSafe('Müller & Söhne <x> \u00A0\u2028'), 'Müller & Söhne <x> \u00A0\u2028');
});

describe('exports', () => {
  let svc: TestService;
  let p: Pair;

  before(async () => {
    svc = await startTestService();
    p = await pair(svc, ['Seller Co', 'Buyer Co']);
    for (const [session, body] of [
      [p.issuer.org.session, SELLER],
      [p.counterparty.org.session, BUYER],
    ] as const) {
      const res = await svc.req('PATCH', '/v1/organization', { token: session, body });
      assert.equal(res.status, 200, res.text);
    }
  });
  after(async () => {
    await svc?.close();
  });

  async function issued(body: Record<string, unknown>): Promise<DocumentView> {
    const c = await svc.req<DocumentView>('POST', '/v1/documents', {
      token: p.issuer.key,
      body: { connection_id: p.connectionId, document_type: 'invoice', currency: 'EUR', ...body },
    });
    assert.equal(c.status, 201, c.text);
    const i = await svc.req<DocumentView>('POST', `/v1/documents/${c.body.id}/issue`, {
      token: p.issuer.key,
    });
    assert.equal(i.status, 200, i.text);
    return i.body;
  }

  async function exported(id: string, format: string) {
    const res = await svc.req('GET', `/v1/documents/${id}/einvoice?format=${format}`, {
      token: p.issuer.key,
    });
    assert.equal(res.status, 200, res.text);
    return res;
  }

  /** The PDF's streams are not compressed: the CII export's bytes appear in it as they are. */
  function embeds(pdf: Buffer, cii: string): boolean {
    return pdf.includes(Buffer.from(cii, 'utf8'));
  }

  test('characters XML forbids, stored by an older version, come out as U+FFFD: UBL, CII and Factur-X parse and pass CEN', async () => {
    const doc = await issued({
      line_items: [{ description: 'Widget', quantity: 2, unit_price: 10, tax_rate: 0.19, sku: 'W-1' }],
      notes: 'Thanks',
    });
    // As an older version stored them (the API refuses them now): straight into the rows.
    const row = await svc.ctx.db
      .selectFrom('documents')
      .select(['line_items', 'issuer_profile', 'counterparty_profile'])
      .where('id', '=', doc.id)
      .executeTakeFirstOrThrow();
    const lines = row.line_items.map((l) => ({ ...l, description: 'Wid\u0008get\u000b', sku: 'W\u0001-1' }));
    await svc.ctx.db
      .updateTable('documents')
      .set({
        notes: 'Thanks\u0001 for \u001fyour\uFFFE order\uFFFF',
        line_items: JSON.stringify(lines),
        issuer_profile: JSON.stringify({ ...row.issuer_profile, legal_name: 'Seller\u0002 GmbH' }),
        counterparty_profile: JSON.stringify({ ...row.counterparty_profile, legal_name: 'Buyer\u0001 SARL' }),
      } as never)
      .where('id', '=', doc.id)
      .execute();

    const files: Record<string, string> = {};
    for (const syntax of ['ubl', 'cii'] as const) {
      const xml = (await exported(doc.id, syntax)).text;
      files[syntax] = xml;
      assert.doesNotMatch(xml, XML_FORBIDDEN, `${syntax} carries only XML 1.0 characters`);
      assert.ok(xml.includes('Buyer\uFFFD SARL') && xml.includes('Seller\uFFFD GmbH'), syntax);
      assert.ok(xml.includes('Thanks\uFFFD for \uFFFDyour\uFFFD order\uFFFD'), syntax);
      assert.ok(xml.includes('Wid\uFFFDget\uFFFD'), syntax);
      // SaxonJS parses strictly (a control character is a fatal well-formedness error), then the rules run.
      const r = await validateEInvoice(xml, syntax);
      assert.equal(r.fatal.length, 0, `${syntax} fatal asserts:\n${formatAsserts(r.fatal)}`);
    }
    const pdf = await svc.app.inject({
      method: 'GET',
      url: `/v1/documents/${doc.id}/einvoice?format=facturx`,
      headers: { authorization: `Bearer ${p.issuer.key}` },
    });
    assert.equal(pdf.statusCode, 200, pdf.body);
    assert.ok(embeds(pdf.rawPayload, files.cii!), 'the embedded XML is the CII export');
  });

  test('the largest document the API can make exports as valid UBL, CII and Factur-X', async () => {
    const src = maxSource();
    const doc = await issued({
      line_items: src.line_items.map((l) => ({
        description: l.description,
        quantity: 1,
        unit_price: 10,
        tax_rate: 0.19,
        sku: l.sku,
      })),
      notes: src.notes,
    });
    const cii = (await exported(doc.id, 'cii')).text;
    for (const [syntax, xml] of [
      ['ubl', (await exported(doc.id, 'ubl')).text],
      ['cii', cii],
    ] as const) {
      const r = await validateEInvoice(xml, syntax);
      assert.equal(r.fatal.length, 0, `${syntax} fatal asserts:\n${formatAsserts(r.fatal)}`);
    }
    const pdf = await svc.app.inject({
      method: 'GET',
      url: `/v1/documents/${doc.id}/einvoice?format=facturx`,
      headers: { authorization: `Bearer ${p.issuer.key}` },
    });
    assert.equal(pdf.statusCode, 200, pdf.body);
    assert.ok(embeds(pdf.rawPayload, cii), 'the embedded XML is the CII export');
    assert.ok((await PDFDocument.load(pdf.rawPayload, { updateMetadata: false })).getPageCount() > 1);
  });
});

describe('an export past the time limit', () => {
  let svc: TestService;
  let p: Pair;

  before(async () => {
    svc = await startTestService({ DOCEX_RENDER_TIMEOUT_MS: '10' });
    p = await pair(svc, ['Seller Co', 'Buyer Co']);
    await svc.req('PATCH', '/v1/organization', { token: p.issuer.org.session, body: SELLER });
    await svc.req('PATCH', '/v1/organization', { token: p.counterparty.org.session, body: BUYER });
  });
  after(async () => {
    await svc?.close();
  });

  test('answers 503 unavailable with Retry-After in the envelope, and keeps nothing', async () => {
    const src = maxSource();
    const c = await svc.req<DocumentView>('POST', '/v1/documents', {
      token: p.issuer.key,
      body: {
        connection_id: p.connectionId,
        document_type: 'invoice',
        currency: 'EUR',
        line_items: src.line_items.map((l) => ({
          description: l.description,
          quantity: 1,
          unit_price: 10,
          tax_rate: 0.19,
        })),
        notes: src.notes,
      },
    });
    assert.equal(c.status, 201, c.text);
    assert.equal(
      (await svc.req('POST', `/v1/documents/${c.body.id}/issue`, { token: p.issuer.key })).status,
      200,
    );
    const res = await svc.req<{ error: { code: string; details: { reason: string } } }>(
      'GET',
      `/v1/documents/${c.body.id}/einvoice?format=facturx`,
      { token: p.issuer.key },
    );
    assert.equal(res.status, 503, res.text);
    assert.equal(res.body.error.code, 'unavailable');
    assert.equal(res.body.error.details.reason, 'render_timeout');
    assert.ok(Number(res.headers['retry-after']) > 0);
    const kept = await svc.ctx.db
      .selectFrom('einvoice_exports')
      .select('format')
      .where('document_id', '=', c.body.id)
      .execute();
    assert.deepEqual(kept, []);
  });
});
