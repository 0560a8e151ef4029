// Learning the seller's name and auto-confirm (CONTRACT §13, issue 51) on the database the suite
// runs on: the read pass with docex's own extraction over hand-made pages, a person confirms the
// first file of a supplier, the layout (with who the supplier is) is stored as JSON and read back,
// and the supplier's next file gets its name `high` and confirms itself; a file of another supplier
// printing the first one's name does not.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { ReadFile } from '../../src/lib/capture-shapes.ts';
import { extractFields, supplierKeysOf } from '../../src/modules/capture/extract/index.ts';
import { type CaptureReading, captureReadPass } from '../../src/modules/capture/read-pass.ts';
import { insertCapture } from '../helpers/captures.ts';
import { party as makeParty, type Party } from '../helpers/document-setup.ts';
import { BUYER } from '../helpers/einvoice-profiles.ts';
import { startTestService, type TestService } from '../helpers/harness.ts';
import { file, type Run } from './extract/hand-made.ts';

let svc: TestService;
let org: Party;

before(async () => {
  svc = await startTestService();
  org = await makeParty(svc, BUYER.legal_name);
  const set = await svc.req('PATCH', '/v1/organization', { token: org.org.session, body: BUYER });
  assert.equal(set.status, 200, set.text);
  const auto = await svc.req('PATCH', '/v1/organization', {
    token: org.org.session,
    body: { capture: { auto_confirm: true } },
  });
  assert.equal(auto.status, 200, auto.text);
});
after(async () => {
  await svc?.close();
});

/** An invoice of a supplier: its name where `name` puts it, VAT id and IBAN in the footer. */
function invoice(n: string, name: Run[], vat: string, iban: string): Run[] {
  return [
    ...name,
    [50, 100, 'Rechnungsempfänger:'],
    [50, 112, BUYER.legal_name],
    [330, 100, `Rechnungsnummer: ${n}`],
    [330, 112, 'Rechnungsdatum: 15.03.2026'],
    [330, 400, 'Nettobetrag'],
    [480, 400, '100,00'],
    [330, 412, 'USt. 19 %'],
    [480, 412, '19,00'],
    [330, 424, 'Gesamtbetrag EUR'],
    [480, 424, '119,00'],
    [50, 500, `IBAN: ${iban}`],
    [50, 512, `USt-IdNr.: ${vat}`],
  ];
}

const ALPHA = ['DE123456789', 'DE89 3704 0044 0532 0130 00'] as const;
const FILES: Record<string, ReadFile> = {
  a1: file(invoice('A-100', [[50, 40, 'Alpha Werkzeug GmbH']], ...ALPHA)),
  // the next file of the same supplier prints its name in the footer only
  a2: file(invoice('A-101', [[50, 700, 'Alpha Werkzeug GmbH']], ...ALPHA)),
  // another supplier, whose page names Alpha in a note
  b1: file(
    invoice(
      'B-1',
      [
        [50, 40, 'Beta Handel KG'],
        [50, 300, 'Im Auftrag der Alpha Werkzeug GmbH geliefert'],
      ],
      'DE987654321',
      'GB82 WEST 1234 5698 7654 32',
    ),
  ),
};

/** Docex's own extraction and supplier keys; the reader answers the hand-made file the bytes name. */
const reading: CaptureReading = {
  readFile: async (_config, f) => FILES[Buffer.from(f.bytes).toString('latin1').slice(9)] as ReadFile,
  extractFields,
  supplierKeysOf,
};

async function readOne(name: string) {
  const { id } = await insertCapture(svc, org.org.orgId, {
    status: 'reading',
    bytes: Buffer.from(`%PDF-1.7 ${name}`, 'latin1'),
  });
  while ((await captureReadPass(svc.ctx, reading)).handled > 0);
  return svc.ctx.db.selectFrom('captures').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

test("one confirmation teaches the supplier's name: its next file confirms itself, another supplier's does not", async () => {
  const first = await readOne('a1');
  assert.equal(first.status, 'needs_review');
  assert.notEqual(first.fields?.seller_name?.confidence, 'high', 'an unlabelled name is low before learning');
  const confirmed = await svc.req<{ status: string }>('POST', `/v1/captures/${first.id}/confirm`, {
    token: org.key,
    body: { fields: { seller_name: 'Alpha Werkzeug GmbH' } },
  });
  assert.equal(confirmed.status, 200, confirmed.text);
  const stored = await svc.ctx.db
    .selectFrom('capture_layouts')
    .select(['supplier_key', 'layout'])
    .where('organization_id', '=', org.org.orgId)
    .execute();
  assert.ok(stored.some((r) => r.supplier_key === 'vat:DE123456789'));

  const next = await readOne('a2');
  assert.equal(next.fields?.seller_name?.value, 'Alpha Werkzeug GmbH');
  assert.equal(next.fields?.seller_name?.confidence, 'high');
  assert.equal(next.fields?.seller_name?.bbox[1], 700, 'read where the file prints it');
  assert.equal(next.learned, true);
  assert.equal(next.status, 'confirmed', 'all required fields high, a known supplier: confirmed by docex');
  assert.ok(next.document_id);

  const other = await readOne('b1');
  assert.notEqual(other.fields?.seller_name?.value, 'Alpha Werkzeug GmbH');
  assert.equal(other.status, 'needs_review', 'an unknown supplier is left for a person');
});
