// POST /v1/documents/import under attack (issue 35 items 1, 3 and 4), each test written as the
// attack the second review ran: a file that held the event loop for 27.8 s (`<!--` inside CDATA,
// quadratic in the old comment-stripping regex), a file read before its connection was checked,
// dates, names and numbers that answered 500, and a property test that mutates the official
// examples and asserts no answer is ever a 5xx.
//
// The stall is asserted as a bound, not as a latency: each hostile 1 MiB file is answered within
// 2 s (the old reader took 27.8 s on the first one; the new one reads any 1 MiB in a few
// milliseconds, so the bound holds on a loaded machine). bench/stall.ts measures what another
// tenant waits meanwhile.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { MAX_DEPTH, MAX_ELEMENTS, parseXml } from '../../src/modules/einvoice/xml-read.ts';
import { type Pair, pair } from '../helpers/document-setup.ts';
import { BUYER, SELLER } from '../helpers/einvoice-profiles.ts';
import { expectApiError } from '../helpers/expect.ts';
import { mintKey, signup } from '../helpers/flows.ts';
import { randomKey, startTestService, type TestService } from '../helpers/harness.ts';
import { rng } from '../helpers/rng.ts';

const ARTEFACTS = join(import.meta.dirname, '..', 'einvoice', 'artefacts');
/** A Peppol example docex holds as it is (201): the base every attack mutates. */
const BASE = readFileSync(join(ARTEFACTS, 'peppol-examples', 'vat-category-Z.xml'), 'utf8');
/** The largest file a 1 MiB body carries (base64 is 4/3 of it, plus the JSON around it). */
const MAX_FILE = 780_000;

let svc: TestService;
let p: Pair;
before(async () => {
  svc = await startTestService();
  p = await pair(svc, ['Attacked Seller', 'Attacked Buyer']);
  await svc.req('PATCH', '/v1/organization', { token: p.issuer.org.session, body: SELLER });
  await svc.req('PATCH', '/v1/organization', { token: p.counterparty.org.session, body: BUYER });
});
after(async () => {
  await svc?.close();
});

type Problem = { path: string; message: string };

const importAs = (token: string, connectionId: string, content: string | Buffer) =>
  svc.req('POST', '/v1/documents/import', {
    token,
    idem: randomKey(),
    body: { connection_id: connectionId, content_base64: Buffer.from(content).toString('base64') },
  });
const importFile = (content: string | Buffer) => importAs(p.issuer.key, p.connectionId, content);

async function documentCount(): Promise<number> {
  const r = await svc.ctx.db
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A 400 invalid_request whose details.errors each name a business term; their messages. */
async function refused(content: string | Buffer): Promise<string[]> {
  const res = await importFile(content);
  const err = expectApiError(res, 400, 'invalid_request');
  const errors = (err.details as { errors: Problem[] }).errors;
  assert.ok(errors.length > 0, res.text);
  return errors.map((e) => e.message);
}

/** The terms named by a refusal: "BT-1: …" or, for a limit of the create body, "BT-1 (external_refs.issuer_ref): …" → "BT-1". */
const termsOf = (messages: string[]) => messages.map((m) => (/^[A-Z]{2}-\d+/.exec(m) ?? [m])[0]);

/** Fills `unit` up to `size` characters between `head` and `tail`. */
const fill = (head: string, unit: string, tail: string, size = MAX_FILE) =>
  head + unit.repeat(Math.floor((size - head.length - tail.length) / unit.length)) + tail;

describe('one request must not hold the event loop', () => {
  // The bound is wide on purpose: the quadratic regex took 27.8 s on an idle machine (276 s on this
  // suite's loaded one), the fixed reader milliseconds; 10 s tells them apart without depending on
  // how loaded CI's two cores are when the 1 MiB request is made.
  test('<!-- or <? × 190,000 inside CDATA (27.8 s before): refused within 10 s', async () => {
    for (const unit of ['<!--', '<?']) {
      const file = fill('<x><![CDATA[', unit, ']]></x>');
      const t0 = performance.now();
      const messages = await refused(file);
      const ms = performance.now() - t0;
      assert.ok(ms < 10_000, `${unit} in CDATA took ${ms.toFixed(0)} ms`);
      assert.match(messages[0]!, /root element x/);
    }
  });

  test('the same inside a real invoice’s note: held, the note kept as written', async () => {
    const note = `<!--<?${'a'.repeat(100)}`;
    const file = BASE.replace(
      '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>',
      `<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode><cbc:Note><![CDATA[${note}]]></cbc:Note>`,
    );
    const res = await importFile(file);
    assert.equal(res.status, 201, res.text);
    assert.equal((res.body as { notes: string }).notes, note);
  });

  test('every hostile shape of a maximum-size file is read within 5 s each, never a 5xx', async () => {
    // The reader alone, without HTTP: each shape costs one forward pass, a few milliseconds on an
    // idle machine. fast-xml-parser took 0.4-0.8 s for the element- and attribute-heavy ones, the
    // regex 27.8 s (276 s on this suite's loaded 2-core machine) for the first; the bound is wide
    // because the suite shares two cores, and a quadratic shape would still take minutes.
    const shapes: Record<string, string> = {
      'comments in CDATA': fill('<x><![CDATA[', '<!--', ']]></x>'),
      'PIs in CDATA': fill('<x><![CDATA[', '<?', ']]></x>'),
      'unclosed comments': fill('<x>', '<!--', '</x>'),
      'empty elements': fill('<x>', '<a/>', '</x>'),
      attributes: `<x ${Array.from({ length: 70_000 }, (_, i) => `a${i}="1"`).join(' ')}/>`,
      'namespace declarations': fill('<x>', '<p:a xmlns:p="urn:x"/>', '</x>'),
      'character references': fill('<x>', '&#x41;', '</x>'),
      'deep nesting': fill('', '<a>', ''),
      comments: fill('<x>', '<!---->', '</x>'),
      'processing instructions': fill('<x>', '<?p q?>', '</x>'),
      'line breaks': fill('<x>', '\r\n', '</x>'),
      'one long name': fill('<x><', 'a', '/></x>'),
      'one long text': fill('<x>', 'a', '</x>'),
      'unclosed attribute': fill('<x a="', 'b', ''),
      'stray ampersands': fill('<x>', '&', '</x>'),
      'end tags': fill('<x>', '</x>', ''),
    };
    for (const [name, file] of Object.entries(shapes)) {
      const t0 = performance.now();
      try {
        await parseXml(file);
      } catch (err) {
        assert.equal((err as { code?: string }).code, 'invalid_request', `${name}: ${err}`);
        assert.ok((err as Error).message.length < 300, `${name}: the file is not echoed back`);
      }
      const ms = performance.now() - t0;
      assert.ok(ms < 5000, `${name} took ${ms.toFixed(0)} ms`);
    }
  });

  test('the reader hands the event loop back while it reads a large file (other requests are answered meanwhile)', async () => {
    // Structural, not timed: a callback queued on the loop runs again and again before the read
    // ends. The whole file read at once (as before) would let it run only afterwards.
    let turns = 0;
    let reading = true;
    const tick = () => {
      if (!reading) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const file = fill(
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">',
      '<a b="1" c="2"/>',
      '</Invoice>',
    );
    await parseXml(file);
    reading = false;
    assert.ok(turns >= 20, `the loop turned ${turns} times during the read`);
  });

  test(`nesting deeper than ${MAX_DEPTH} and more than ${MAX_ELEMENTS} elements: 400 naming the limit`, async () => {
    const deep = BASE.replace(
      '<cbc:BuyerReference>',
      `${'<x>'.repeat(MAX_DEPTH)}${'</x>'.repeat(MAX_DEPTH)}<cbc:BuyerReference>`,
    );
    assert.match((await refused(deep))[0]!, new RegExp(`nested deeper than ${MAX_DEPTH}`));
    const wide = BASE.replace('<cbc:BuyerReference>', `${'<x/>'.repeat(MAX_ELEMENTS)}<cbc:BuyerReference>`);
    assert.match((await refused(wide))[0]!, /more than 60,000 elements/);
    // 99 levels inside the root's child is within the limit: read, and the ignored element dropped.
    const ok = BASE.replace(
      '<cbc:BuyerReference>',
      `${'<x>'.repeat(MAX_DEPTH - 2)}${'</x>'.repeat(MAX_DEPTH - 2)}<cbc:BuyerReference>`,
    );
    assert.equal((await importFile(ok)).status, 201);
  });

  test('huge numbers are refused by term before any arithmetic (two 300,000-digit factors)', async () => {
    const digits = '9'.repeat(300_000);
    const file = BASE.replace('unitCode="EA">10<', `unitCode="EA">${digits}<`).replace(
      '<cbc:PriceAmount currencyID="GBP">120.00<',
      `<cbc:PriceAmount currencyID="GBP">${digits}<`,
    );
    const t0 = performance.now();
    const messages = await refused(file);
    assert.ok(performance.now() - t0 < 2000);
    assert.deepEqual(termsOf(messages), ['BT-129', 'BT-146']);
    assert.match(messages[0]!, /has 300000 characters; docex reads numbers of at most 32/);
    for (const m of messages) assert.ok(m.length < 300, 'the value is not echoed back');
  });
});

describe('the connection and the scopes before the file', () => {
  test('a fresh signup naming conn_nonexistent gets its 404 without the file being read', async () => {
    const stranger = await signup(svc, 'Fresh Stranger');
    const key = (await mintKey(svc, stranger.session, ['documents:read', 'documents:write'])).key;
    const attack = fill('<x><![CDATA[', '<!--', ']]></x>');
    const t0 = performance.now();
    expectApiError(await importAs(key, 'conn_nonexistent', attack), 404, 'not_found');
    assert.ok(performance.now() - t0 < 2000);
    // Proof the file was not read: a file that is not even base64 gets the same 404, not its 400.
    const res = await svc.req('POST', '/v1/documents/import', {
      token: key,
      body: { connection_id: 'conn_nonexistent', content_base64: '***not base64***' },
    });
    expectApiError(res, 404, 'not_found');
    // Another party's connection is not the caller's either.
    expectApiError(await importAs(key, p.connectionId, 'not xml'), 404, 'not_found');
  });

  test('a key without documents:write gets its 403 whatever the file', async () => {
    const res = await svc.req('POST', '/v1/documents/import', {
      token: p.issuer.readKey,
      body: { connection_id: p.connectionId, content_base64: '***not base64***' },
    });
    expectApiError(res, 403, 'insufficient_scope');
  });
});

describe('never a 500 from an e-invoice', () => {
  const withDue = (due: string) =>
    BASE.replace('</cbc:IssueDate>', `</cbc:IssueDate><cbc:DueDate>${due}</cbc:DueDate>`);

  test('impossible dates and years outside 0001-9999: 400 naming BT-2 or BT-9; nothing created', async () => {
    const before1 = await documentCount();
    for (const date of ['2026-02-31', '0000-01-01', '2026-13-45', '10000-01-01']) {
      const messages = await refused(BASE.replace('2018-08-30', date));
      assert.deepEqual(termsOf(messages), ['BT-2'], date);
      assert.ok(messages[0]!.includes(date), messages[0]);
    }
    for (const due of ['abc', '2026-13-45', '2018-09-30T00:00:00Z', '2018-02-29', '']) {
      const res = await importFile(withDue(due));
      if (due === '') {
        // An empty DueDate is an absent one.
        assert.equal(res.status, 201, res.text);
        continue;
      }
      assert.deepEqual(termsOf(await refused(withDue(due))), ['BT-9'], due);
    }
    // A due date before the issue date, or past net_365: the create's rules, named BT-9.
    for (const due of ['2018-08-29', '2020-01-01']) {
      const messages = await refused(withDue(due));
      assert.deepEqual(termsOf(messages), ['BT-9'], due);
      assert.match(messages[0]!, /due_date/);
    }
    assert.equal(await documentCount(), before1 + 1);
  });

  test('CII format 102 dates are real dates too (20260231 → BT-2)', async () => {
    const cii = readFileSync(join(ARTEFACTS, 'examples', 'cii_examples_CII_example4.xml'), 'utf8');
    const m = /<udt:DateTimeString format="102">(\d{8})</.exec(cii);
    assert.ok(m);
    const messages = await refused(cii.replace(m[0], '<udt:DateTimeString format="102">20260231<'));
    assert.ok(termsOf(messages).includes('BT-2'), messages.join('\n'));
  });

  test('elements and attributes named __proto__, constructor or prototype are names like any other', async () => {
    const names = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'];
    const extra = names.map((n) => `<${n} ${names.map((a) => `${a}="x"`).join(' ')}>${n}</${n}>`).join('');
    const inRoot = BASE.replace('<cbc:BuyerReference>', `${extra}<cbc:BuyerReference>`);
    assert.equal((await importFile(inRoot)).status, 201);
    const inLine = BASE.replace('<cac:Item>', `<cac:Item>${extra}`).replace(
      '<cbc:InvoicedQuantity unitCode="EA">',
      '<cbc:InvoicedQuantity __proto__="1" constructor="2" unitCode="EA">',
    );
    assert.equal((await importFile(inLine)).status, 201);
    // Where a term is read, the name is still only a name: the root named __proto__ is not UBL.
    expectApiError(await importFile('<__proto__><constructor/></__proto__>'), 400, 'invalid_request');
    expectApiError(
      await importFile(
        '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><__proto__/></Invoice>',
      ),
      400,
      'invalid_request',
    );
  });

  test('characters XML 1.0 cannot carry, raw or as references: 400 naming the term', async () => {
    const cases: [string, string, string][] = [
      ['<cbc:ID>Vat-Z</cbc:ID>', '<cbc:ID>Vat&#1;Z</cbc:ID>', 'BT-1'],
      ['<cbc:ID>Vat-Z</cbc:ID>', '<cbc:ID>Vat&#xD800;Z</cbc:ID>', 'BT-1'],
      ['<cbc:BuyerReference>test reference<', '<cbc:BuyerReference>test\u0001reference<', 'BT-10'],
      ['<cbc:Name>Test item, category Z<', '<cbc:Name>Test item&#0;<', 'BT-153'],
      ['<cbc:Name>Test item, category Z<', '<cbc:Name>Test item&#xFFFE;<', 'BT-153'],
      [
        '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>',
        '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode><cbc:Note>a\u001fb</cbc:Note>',
        'BT-22',
      ],
    ];
    for (const [from, to, bt] of cases) {
      const messages = await refused(BASE.replace(from, to));
      assert.deepEqual(termsOf(messages), [bt], to);
      assert.match(messages[0]!, /contains the character U\+[0-9A-F]{4} .*which XML 1\.0 cannot carry/);
    }
    // A reference past Unicode is no character at all: malformed.
    const past = await refused(BASE.replace('<cbc:ID>Vat-Z</cbc:ID>', '<cbc:ID>&#x110000;</cbc:ID>'));
    assert.match(past[0]!, /not well-formed/);
  });

  test('entities other than the five, an undeclared prefix, a repeated attribute: 400, the place named', async () => {
    for (const [from, to, said] of [
      ['<cbc:ID>Vat-Z</cbc:ID>', '<cbc:ID>&nbsp;</cbc:ID>', /&nbsp;/],
      ['<cbc:ID>Vat-Z</cbc:ID>', '<zz:ID>Vat-Z</zz:ID>', /prefix "zz" is not declared/],
      ['unitCode="EA"', 'unitCode="EA" unitCode="C62"', /repeated/],
      ['<cbc:ID>Vat-Z</cbc:ID>', '<cbc:ID>a ]]> b</cbc:ID>', /]]>/],
      ['<cbc:ID>Vat-Z</cbc:ID>', '<!-- a -- b --><cbc:ID>Vat-Z</cbc:ID>', /"--" inside a comment/],
    ] as const) {
      const messages = await refused(BASE.replace(from, to));
      assert.match(messages[0]!, said);
      assert.match(messages[0]!, /\(line \d+, column \d+\)/);
    }
  });

  test('more than 200 lines is refused before any line is read', async () => {
    const line = /<cac:InvoiceLine>[\s\S]*<\/cac:InvoiceLine>/.exec(BASE)![0];
    const many = BASE.replace(line, line.replace(/>\s+</g, '><').repeat(1_000));
    assert.ok(many.length < MAX_FILE);
    const t0 = performance.now();
    const messages = await refused(many);
    assert.ok(performance.now() - t0 < 2000);
    assert.deepEqual(termsOf(messages), ['BG-25']);
  });
});

describe('property: mutated official examples never answer 5xx', () => {
  const EXAMPLES = [
    ...readdirSync(join(ARTEFACTS, 'examples')).map((f) => join(ARTEFACTS, 'examples', f)),
    ...readdirSync(join(ARTEFACTS, 'peppol-examples')).map((f) => join(ARTEFACTS, 'peppol-examples', f)),
  ].map((f) => readFileSync(f, 'utf8'));

  const HOSTILE = [
    '',
    ' ',
    'x'.repeat(3_000),
    'é'.repeat(12_000),
    '\u0301'.repeat(2_000),
    '&#1;',
    '&#0;',
    '&#xD800;',
    '&#xFFFF;',
    '&#x1F600;',
    '&amp;&lt;&gt;',
    '__proto__',
    'constructor',
    '2026-02-31',
    '0000-01-01',
    '9999-12-31',
    '20260231',
    '2026-13-45',
    '2026-01-01T00:00:00Z',
    '1e400',
    '-0',
    '+1',
    '.5',
    '5.',
    '99999999999999999999',
    '0.00000000000000000001',
    '9'.repeat(40),
    '-1',
    'NaN',
    'Infinity',
    '380',
    '381',
    '999',
    'EUR',
    'XXX',
    'S',
    'AE',
    'VATEX-EU-AE',
    'C62',
    'ZZZZ',
  ];

  /** One random change to a well-formed file, keeping most of it intact. */
  function mutate(xml: string, r: () => number): string {
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
    const texts = [...xml.matchAll(/>([^<>]+)</g)];
    const tags = [...xml.matchAll(/<([A-Za-z][\w.:-]*)/g)];
    if (texts.length === 0 || tags.length === 0) return xml;
    switch (Math.floor(r() * 8)) {
      case 0:
      case 1:
      case 2: {
        // a text value replaced by a hostile one
        const m = pick(texts);
        const at = m.index! + 1;
        return xml.slice(0, at) + pick(HOSTILE) + xml.slice(at + m[1]!.length);
      }
      case 3: {
        // an element renamed (start and end tag)
        const name = pick(tags)[1]!;
        const to = pick(['__proto__', 'constructor', 'Note', 'ID', 'x:y']);
        const local = name.includes(':') ? `${name.split(':')[0]}:${to.replace(':', '')}` : to;
        return xml.replaceAll(`<${name}>`, `<${local}>`).replaceAll(`</${name}>`, `</${local}>`);
      }
      case 4: {
        // an element repeated many times
        const m = /<(cac:\w+)>[\s\S]*?<\/\1>/.exec(xml.slice(Math.floor(r() * xml.length * 0.8)));
        return m ? xml.replace(m[0], m[0].repeat(1 + Math.floor(r() * 300))) : xml;
      }
      case 5:
        // the file cut short
        return xml.slice(0, Math.floor(r() * xml.length));
      case 6: {
        // a random run of bytes in the middle
        const at = Math.floor(r() * xml.length);
        const junk = Array.from({ length: 1 + Math.floor(r() * 8) }, () =>
          pick(['<', '>', '&', ']]>', '<!--', '<?', '"', '\u0000', '\uFFFF', '<![CDATA[', '</x>']),
        ).join('');
        return xml.slice(0, at) + junk + xml.slice(at);
      }
      default: {
        // an attribute value replaced
        const attrs = [...xml.matchAll(/ ([\w:]+)="([^"]*)"/g)];
        if (attrs.length === 0) return xml;
        const m = pick(attrs);
        const at = m.index! + m[1]!.length + 3;
        return xml.slice(0, at) + pick(HOSTILE).replaceAll('"', '') + xml.slice(at + m[2]!.length);
      }
    }
  }

  test('400 runs of one to three mutations each: every answer is 201, 400 or 422, in the envelope', async () => {
    const seed = Number(process.env.IMPORT_FUZZ_SEED ?? 35);
    const r = rng(seed);
    const seen = new Map<number, number>();
    for (let i = 0; i < 400; i++) {
      let xml = EXAMPLES[Math.floor(r() * EXAMPLES.length)]!;
      const n = 1 + Math.floor(r() * 3);
      for (let k = 0; k < n; k++) {
        const next = mutate(xml, r);
        // Within the body limit: a 413 says nothing about the reader.
        if (next.length < MAX_FILE) xml = next;
      }
      const res = await importFile(xml);
      seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
      assert.ok(
        [201, 400, 422].includes(res.status),
        `seed ${seed}, run ${i}: ${res.status} ${res.text.slice(0, 500)}`,
      );
      if (res.status !== 201) {
        const body = res.body as { error?: { code?: string; message?: string } };
        assert.ok(body.error?.code && body.error.message, res.text.slice(0, 500));
      }
    }
    // The mutations reach every outcome, so the property is exercised, not vacuous.
    assert.ok((seen.get(400) ?? 0) > 50, JSON.stringify([...seen]));
    assert.ok((seen.get(201) ?? 0) > 0 || (seen.get(422) ?? 0) > 0, JSON.stringify([...seen]));
  });
});
