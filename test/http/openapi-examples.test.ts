// The examples of GET /v1/openapi.json (issue 29): every operation has a request example (when it
// takes a body), an example of its success answer and an error envelope per code it can answer;
// each validates, with ajv and the service's own date rules, against the schema it illustrates;
// the ids in them look like the service's; titled objects are described once, in components.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { isRealDate, parseInstant } from '../../src/lib/calendar.ts';
import { ERROR_CODES, ERROR_STATUS } from '../../src/lib/errors.ts';
import { BASE_URL } from '../helpers/expect.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

type Json = Record<string, unknown>;
interface Media {
  schema?: Json;
  example?: unknown;
  examples?: Record<string, { $ref?: string; value?: unknown }>;
}
interface Operation {
  operationId: string;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description: string; content?: Record<string, Media> }>;
  'x-docex-errors': string[];
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Json>;
    examples: Record<string, { summary: string; value: { error: Json } }>;
  };
}

const DOC_ID = 'https://docex.test/openapi.json';
let svc: TestService;
let doc: Doc;
let ajv: Ajv;

before(async () => {
  svc = await startTestService();
  const r = await svc.req('GET', '/v1/openapi.json');
  assert.equal(r.status, 200);
  doc = JSON.parse(r.text) as Doc;
  // The service's validator settings (src/http/validation.ts): formats, real calendar dates.
  ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false });
  addFormats(ajv);
  ajv.addFormat('date', { type: 'string', validate: isRealDate });
  ajv.addFormat('date-time', { type: 'string', validate: (s: string) => parseInstant(s) !== null });
  // The whole document as one schema, so every example is checked against a pointer into it and
  // its #/components/schemas/… references resolve as a reader's tools resolve them.
  ajv.addSchema({ ...doc, $id: DOC_ID } as Json);
});
after(async () => {
  await svc?.close();
});

function pointer(...parts: string[]): string {
  return `${DOC_ID}#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

function check(where: string, schemaRef: string, value: unknown): void {
  const validate = ajv.compile({ $ref: schemaRef });
  assert.ok(
    validate(value),
    `${where}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(value, null, 1)}`,
  );
}

function* operations(): Generator<[string, string, Operation]> {
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) yield [path, method, op];
  }
}

describe('OpenAPI examples', () => {
  test('every request body has an example, valid against its schema', () => {
    let bodies = 0;
    for (const [path, method, op] of operations()) {
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        const where = `${op.operationId} request ${type}`;
        assert.notEqual(media.example, undefined, `${where}: no example`);
        check(where, pointer('paths', path, method, 'requestBody', 'content', type, 'schema'), media.example);
        bodies++;
      }
    }
    assert.ok(bodies >= 20, `only ${bodies} request bodies`);
  });

  test('every success answer with a body has an example, valid against its schema', () => {
    for (const [path, method, op] of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (!status.startsWith('2')) continue;
        if (status === '204') continue;
        const content = Object.entries(response.content ?? {});
        assert.ok(content.length > 0, `${op.operationId} ${status}: no content`);
        for (const [type, media] of content) {
          const where = `${op.operationId} ${status} ${type}`;
          assert.notEqual(media.example, undefined, `${where}: no example`);
          check(
            where,
            pointer('paths', path, method, 'responses', status, 'content', type, 'schema'),
            media.example,
          );
        }
      }
    }
  });

  test('every error response shows the envelope of each code it stands for, valid against Error', () => {
    const components = doc.components.examples;
    for (const code of ERROR_CODES) {
      const ex = components[`error_${code}`];
      assert.ok(ex, `components.examples.error_${code}`);
      assert.equal(ex.value.error.code, code);
      assert.equal(ex.value.error.docs_url, `${BASE_URL}/v1/docs#errors-${code}`);
      check(`error_${code}`, pointer('components', 'schemas', 'Error'), ex.value);
    }
    for (const [, , op] of operations()) {
      for (const code of op['x-docex-errors']) {
        const status = String(ERROR_STATUS[code as keyof typeof ERROR_STATUS]);
        const examples = op.responses[status]?.content?.['application/json']?.examples ?? {};
        assert.equal(
          examples[code]?.$ref,
          `#/components/examples/error_${code}`,
          `${op.operationId} ${status}: example for ${code}`,
        );
      }
    }
  });

  test('ids in the examples are prefixed like the service mints them', () => {
    const ID = /^[a-z]{2,4}_[0-9A-Za-z]{22}$/;
    // registration numbers, and an email's Message-ID header (CONTRACT 11.2), not docex ids
    const NOT_IDS = new Set(['vat_id', 'tax_registration_id', 'message_id']);
    const seen: string[] = [];
    const visit = (v: unknown, key: string, where: string): void => {
      if (Array.isArray(v)) {
        for (const [i, x] of v.entries()) visit(x, key, `${where}[${i}]`);
      } else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) visit(x, k, `${where}.${k}`);
      } else if (typeof v === 'string' && (key === 'id' || key.endsWith('_id')) && !NOT_IDS.has(key)) {
        // key_id is an API key's id, or a provenance signing key's 4-byte hash in hex
        assert.match(v, key === 'key_id' ? /^(key_[0-9A-Za-z]{22}|[0-9a-f]{8})$/ : ID, `${where} = ${v}`);
        seen.push(v);
      }
    };
    for (const [, , op] of operations()) {
      visit(op.requestBody?.content['application/json']?.example, '', `${op.operationId} request`);
      for (const [status, r] of Object.entries(op.responses))
        visit(r.content?.['application/json']?.example, '', `${op.operationId} ${status}`);
    }
    assert.ok(seen.length > 100, `only ${seen.length} ids`);
    // A document's counterparty is another organization than its issuer.
    const getDocument = doc.paths['/v1/documents/{id}']?.get;
    const example = getDocument?.responses['200']?.content?.['application/json']?.example as {
      id: string;
      issuer_organization_id: string;
      counterparty: { id: string };
      line_items: { net_amount: number; tax_amount: number }[];
      subtotal: number;
      tax: number;
      total: number;
    };
    assert.match(example.id, /^doc_/);
    assert.match(example.counterparty.id, /^org_/);
    assert.notEqual(example.counterparty.id, example.issuer_organization_id);
    // and its amounts add up
    const cents = (n: number) => Math.round(n * 100);
    assert.equal(
      cents(example.subtotal),
      example.line_items.reduce((s, l) => s + cents(l.net_amount), 0),
    );
    assert.equal(
      cents(example.tax),
      example.line_items.reduce((s, l) => s + cents(l.tax_amount), 0),
    );
    assert.equal(cents(example.total), cents(example.subtotal) + cents(example.tax));
  });

  test('titled objects are described once, in components.schemas, and referenced from the answers', () => {
    const names = Object.keys(doc.components.schemas);
    for (const name of ['Document', 'LineItem', 'Payment', 'Event', 'Organization', 'ApiKey', 'Error'])
      assert.ok(names.includes(name), `components.schemas.${name}`);
    const text = JSON.stringify(doc.paths);
    // no titled schema left inline in the paths (request bodies may keep theirs: MCP flattens them)
    for (const [, , op] of operations()) {
      for (const [status, r] of Object.entries(op.responses)) {
        if (!status.startsWith('2')) continue;
        assert.doesNotMatch(JSON.stringify(r.content ?? {}), /"title":/, `${op.operationId} ${status}`);
      }
    }
    // every component is used somewhere
    const all = JSON.stringify(doc);
    for (const name of names)
      assert.ok(all.includes(`"#/components/schemas/${name}"`), `components.schemas.${name} is referenced`);
    assert.ok(text.includes('"$ref":"#/components/schemas/Document"'));
  });
});
