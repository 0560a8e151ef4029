// test-database: none (it uses no database; scripts/run-tests.mjs)
// Extraction on a few files of the public corpus (test/fixtures/capture): real PDFs from three
// generators, stripped of their embedded e-invoice, checked against the XML it carried. The
// accuracy over the whole corpus is measured by `npm run bench:capture`, not asserted here.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { corpusFiles, readCorpusFile, receiverOf } from '../../../bench/capture-corpus.ts';
import type { CaptureFields } from '../../../src/lib/capture-shapes.ts';
import { extractFields } from '../../../src/modules/capture/extract/index.ts';

const FILES = ['zugferd_2p0_EN16931_Einfach.pdf', 'Facture_FR_BASICWL.pdf', 'zugferd_2p0_EN16931_Miete.pdf'];
const KEY_FIELDS = [
  'number',
  'issue_date',
  'currency',
  'total_net',
  'total_tax',
  'total',
  'seller_vat_id',
  'buyer_name',
] as const;

describe('extraction on corpus files', () => {
  for (const name of FILES) {
    test(name, async () => {
      const f = corpusFiles().find((x) => x.key.file === name);
      assert.ok(f, `${name} is in the corpus`);
      const ex = extractFields(await readCorpusFile(f), receiverOf(f.key), null);
      for (const field of KEY_FIELDS) {
        const want: string | null = f.key.fields[field];
        const got = ex.fields[field as keyof CaptureFields];
        assert.ok(got, `${field} read`);
        assert.equal(String(got.value).replace(/\s+/g, ' '), want?.replace(/\s+/g, ' '), field);
        // a buyer printed without a buyer label ("Facturé à") is low even when it is the receiver
        if (field !== 'buyer_name') assert.equal(got.confidence, 'high', `${field} ${got.value}`);
      }
      // the IBAN and the breakdown where the key has them
      if (f.key.fields.iban) assert.equal(ex.fields.iban?.value, f.key.fields.iban);
      if (f.key.fields.tax_breakdown.length > 0 && ex.fields.tax_breakdown?.confidence === 'high') {
        const rates = (ex.fields.tax_breakdown.value ?? []).map((r) => r.rate).sort();
        assert.deepEqual(rates, f.key.fields.tax_breakdown.map((r) => r.rate).sort());
      }
    });
  }
});
