// Text is storable XML (issue 35, item 6): a character outside XML 1.0's Char production anywhere
// in the API's input is refused with a 400 naming the field and the character, on every way in
// (the JSON API, query values, path parameters, the app's cookie proxy, MCP tool calls). Written as
// the attack that broke another party's exports: a buyer with U+0001 in its legal name made every
// UBL and CII export of its seller's invoices fail any XML parser.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { forbiddenCharMessage, xmlForbiddenChar } from '../../src/lib/text.ts';
import { line, type Pair, pair } from '../helpers/document-setup.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { expectError } from '../helpers/flows.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

let svc: TestService;
let p: Pair;

before(async () => {
  svc = await startTestService();
  p = await pair(svc, ['Xml Seller', 'Xml Buyer']);
});
after(async () => {
  await svc?.close();
});

type Refusal = {
  error: { code: string; message: string; details: { errors: { path: string; message: string }[] } };
};

function refusedAt(res: { status: number; body: unknown; text: string }, path: string, char: string): void {
  expectError(res, 400, 'invalid_request');
  const errors = (res.body as Refusal).error.details.errors;
  const hit = errors.find((e) => e.path === path);
  assert.ok(hit, `no problem at ${path}: ${res.text}`);
  assert.match(hit.message, new RegExp(char.replace('+', '\\+')));
  assert.match(hit.message, /XML 1\.0 cannot carry/);
}

describe('xmlForbiddenChar', () => {
  test('draws the line of XML 1.0 Char: C0 controls but tab/LF/CR, U+FFFE/FFFF, lone surrogates', () => {
    for (const ok of ['plain', 'tab\there', 'lines\n\r', 'é 中 😀', '\u007f\u0085\ud7ff\ue000\ufffd', '']) {
      assert.equal(xmlForbiddenChar(ok), null, JSON.stringify(ok));
    }
    const cases: [string, number, number][] = [
      ['a\u0000b', 1, 0x0],
      ['ab\u0001', 2, 0x1],
      ['\u0008', 0, 0x8],
      ['\u000b', 0, 0xb],
      ['\u000c', 0, 0xc],
      ['x\u001f', 1, 0x1f],
      ['\ufffe', 0, 0xfffe],
      ['\uffff', 0, 0xffff],
      ['a\ud800', 1, 0xd800],
      ['\udc00z', 0, 0xdc00],
      ['😀\ud83d', 2, 0xd83d],
    ];
    for (const [s, index, codePoint] of cases) {
      assert.deepEqual(xmlForbiddenChar(s), { index, codePoint }, JSON.stringify(s));
    }
    assert.match(forbiddenCharMessage({ index: 3, codePoint: 1 }), /control character U\+0001 at position 3/);
  });

  test('a megabyte of allowed text (surrogate pairs included) and one bad character at its end', () => {
    const big = `${'a\ud83d\ude00\t'.repeat(250_000)}\u0002`;
    assert.deepEqual(xmlForbiddenChar(big), { index: big.length - 1, codePoint: 2 });
  });
});

describe("the attack: a party that breaks the other party's exports", () => {
  test('PATCH /v1/organization legal_name with U+0001: 400 naming the field, profile unchanged', async () => {
    const ok = await svc.req('PATCH', '/v1/organization', { token: p.counterparty.org.session, body: BUYER });
    assert.equal(ok.status, 200, ok.text);
    const res = await svc.req('PATCH', '/v1/organization', {
      token: p.counterparty.org.session,
      body: { ...BUYER, legal_name: 'Acheteur\u0001 SARL' },
    });
    refusedAt(res, 'legal_name', 'U+0001');
    const after = await svc.req<{ legal_profile: { legal_name: string } }>('GET', '/v1/organization', {
      token: p.counterparty.org.session,
    });
    assert.equal(after.body.legal_profile.legal_name, 'Acheteur SARL');
    // Deeper in the profile too.
    const addr = await svc.req('PATCH', '/v1/organization', {
      token: p.counterparty.org.session,
      body: { ...BUYER, address: { ...BUYER.address, city: 'Par\uffffis' } },
    });
    refusedAt(addr, 'address.city', 'U+FFFF');
  });

  test("so the seller's UBL and CII exports stay valid XML", async () => {
    const seller = await svc.req('PATCH', '/v1/organization', { token: p.issuer.org.session, body: SELLER });
    assert.equal(seller.status, 200, seller.text);
    const c = await svc.req<{ id: string }>('POST', '/v1/documents', {
      token: p.issuer.key,
      body: {
        connection_id: p.connectionId,
        document_type: 'invoice',
        currency: 'EUR',
        line_items: [line()],
      },
    });
    assert.equal(c.status, 201, c.text);
    const issued = await svc.req('POST', `/v1/documents/${c.body.id}/issue`, { token: p.issuer.key });
    assert.equal(issued.status, 200, issued.text);
    for (const format of ['ubl', 'cii']) {
      const x = await svc.req('GET', `/v1/documents/${c.body.id}/einvoice?format=${format}`, {
        token: p.issuer.key,
      });
      assert.equal(x.status, 200, x.text);
      assert.equal(xmlForbiddenChar(x.text), null, `${format} export holds a forbidden character`);
    }
  });
});

describe('every text field of a document', () => {
  const create = (extra: Record<string, unknown>) =>
    svc.req('POST', '/v1/documents', {
      token: p.issuer.key,
      body: {
        connection_id: p.connectionId,
        document_type: 'invoice',
        currency: 'EUR',
        line_items: [line()],
        ...extra,
      },
    });

  test('a note, a line description, external_refs values and keys', async () => {
    refusedAt(await create({ notes: 'see\u0007attached' }), 'notes', 'U+0007');
    refusedAt(
      await create({ line_items: [line({ description: 'Widget\u001b[31m' })] }),
      'line_items[0].description',
      'U+001B',
    );
    refusedAt(await create({ external_refs: { erp: 'PO\ufffe1' } }), 'external_refs.erp', 'U+FFFE');
    refusedAt(await create({ external_refs: { 'e\u0002rp': 'PO1' } }), 'external_refs.e\u0002rp', 'U+0002');
  });

  test('a PATCH of a draft the same way', async () => {
    const c = await create({});
    assert.equal(c.status, 201, c.text);
    const id = (c.body as { id: string }).id;
    const res = await svc.req('PATCH', `/v1/documents/${id}`, {
      token: p.issuer.key,
      body: { notes: 'x\u000cy' },
    });
    refusedAt(res, 'notes', 'U+000C');
  });

  test('tab, line feed and carriage return stay allowed, and so does any other character', async () => {
    const notes = 'Line one\r\n\tLine two: é, 中文, 😀, \u007f, \u0085';
    const c = await create({ notes, line_items: [line({ description: 'A\tB\nC' })] });
    assert.equal(c.status, 201, c.text);
    assert.equal((c.body as { notes: string }).notes, notes);
  });
});

describe('query values and path parameters', () => {
  test('a query value and a path parameter with U+0001: 400 naming them', async () => {
    refusedAt(await svc.req('GET', '/v1/documents?q=a%01b', { token: p.issuer.key }), 'query.q', 'U+0001');
    refusedAt(await svc.req('GET', '/v1/documents/doc_%1F', { token: p.issuer.key }), 'path.id', 'U+001F');
  });
});

describe('what must keep working', () => {
  test('passwords with tabs and any printable character, webhook URLs, key names, idempotency keys', async () => {
    const email = `xml.${Date.now()}@pw.test`;
    const password = 'tab\there ünïcødé 😀 "quotes" \\ back';
    const s = await svc.req('POST', '/v1/signup', {
      body: { organization_name: 'Pw Co', email, password },
      idem: null,
    });
    assert.equal(s.status, 201, s.text);
    const signin = await svc.req('POST', '/v1/sessions', { body: { email, password }, idem: null });
    assert.equal(signin.status, 201, signin.text);
    const hook = await svc.req('POST', '/v1/webhooks', {
      token: p.issuer.org.session,
      body: { url: 'http://127.0.0.1:9/hook?a=1&b=%01', events: ['document.created'] },
      idem: 'idem\tkey-with-a-tab?',
    });
    assert.equal(hook.status, 201, hook.text);
  });

  test('a password with a control character is refused like any other text, before it is hashed', async () => {
    const res = await svc.req('POST', '/v1/signup', {
      body: {
        organization_name: 'Pw Co',
        email: `ctl.${Date.now()}@pw.test`,
        password: 'pass\u0001word-long',
      },
      idem: null,
    });
    refusedAt(res, 'password', 'U+0001');
  });
});

describe('other ways in reach the same rule', () => {
  test('the app proxy: PATCH /app/api/v1/organization with U+0001', async () => {
    const { jar } = await import('../app/jar.ts');
    const browser = jar(svc.app);
    await browser.send('GET', '/app/api/session');
    const login = await browser.send('POST', '/app/api/login', {
      body: { email: p.counterparty.org.email, password: p.counterparty.org.password },
    });
    assert.equal(login.statusCode, 200, login.body);
    const res = await browser.send('PATCH', '/app/api/v1/organization', {
      body: { ...BUYER, legal_name: 'Acheteur\u0001 SARL' },
    });
    refusedAt({ status: res.statusCode, body: res.json(), text: res.body }, 'legal_name', 'U+0001');
  });

  test("MCP: a message whose tool arguments hold U+0001 is refused at /mcp's door, naming the path", async () => {
    // /mcp bodies go through the service's one JSON parser, so the rule holds before any tool runs
    // (and `docex mcp` over stdio calls the HTTP API, which applies it again).
    const res = await svc.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: {
        authorization: `Bearer ${p.issuer.key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      payload: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: {
          name: 'createDocument',
          arguments: {
            body: {
              connection_id: p.connectionId,
              document_type: 'invoice',
              currency: 'EUR',
              notes: 'bad\u0001note',
              line_items: [line()],
            },
          },
        },
      }),
    });
    refusedAt(
      { status: res.statusCode, body: res.json(), text: res.body },
      'params.arguments.body.notes',
      'U+0001',
    );
  });
});
