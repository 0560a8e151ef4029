// The e-invoice validation harness (test/helpers/einvoice-validate.ts): the official CEN EN 16931 rules
// and the Peppol BIS Billing 3.0 rules, run by SaxonJS on the vendored XSLTs (test/einvoice/artefacts).
// The official examples must pass, and broken copies of them must fail on the rule that was broken, so
// a harness that validates nothing cannot pass this file.
//
// The first run compiles the four XSLTs (about a minute on two cores); later runs load the compiled
// stylesheets from node_modules/.cache/docex-einvoice.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  type Assert,
  formatAsserts,
  type Syntax,
  type ValidationResult,
  validateEInvoice,
} from '../helpers/einvoice-validate.ts';

const ARTEFACTS = fileURLToPath(new URL('./artefacts/', import.meta.url));

function xmlFiles(dir: string): string[] {
  return readdirSync(`${ARTEFACTS}${dir}`)
    .filter((f) => /\.xml$/i.test(f))
    .sort();
}
function read(dir: string, file: string): string {
  return readFileSync(`${ARTEFACTS}${dir}/${file}`, 'utf8');
}
/** CEN's examples are named ubl_… and cii_…; Peppol's are all UBL. */
function syntaxOf(file: string): Syntax {
  if (file.startsWith('ubl_')) return 'ubl';
  if (file.startsWith('cii_')) return 'cii';
  throw new Error(`no syntax known for ${file}`);
}
const ids = (asserts: Assert[]): string[] => asserts.map((a) => a.id);

/** The XML with one change made; fails if the pattern is not found (so a copy is never silently intact). */
function broken(xml: string, pattern: RegExp, replacement: string): string {
  assert.match(xml, pattern, `the example has nothing matching ${pattern}`);
  const out = xml.replace(pattern, replacement);
  assert.notEqual(out, xml);
  return out;
}

function assertNoFatal(r: ValidationResult): void {
  assert.equal(r.fatal.length, 0, `fatal asserts:\n${formatAsserts(r.fatal)}`);
}
function assertFatal(r: ValidationResult, id: string): void {
  assert.ok(ids(r.fatal).includes(id), `expected a fatal ${id}; fatal asserts:\n${formatAsserts(r.fatal)}`);
}

const CEN_EXAMPLES = xmlFiles('examples');
const PEPPOL_EXAMPLES = xmlFiles('peppol-examples');

// Official examples that break an official rule themselves, with the reason; none at present (CEN rules
// 1.3.16, Peppol BIS 3.0.19). An entry here skips that example's test.
const KNOWN_FAILING: Record<string, string> = {};

const UBL_EXAMPLE = 'ubl_examples_guide-example1.xml';
const CII_EXAMPLE = 'cii_examples_CII_example1.xml';
const PEPPOL_EXAMPLE = 'base-example.xml';

before(async () => {
  // Compiles (or loads) all four stylesheets at once, rather than one by one in the first tests.
  await Promise.all([
    validateEInvoice(read('peppol-examples', PEPPOL_EXAMPLE), 'ubl', { peppol: true }),
    validateEInvoice(read('examples', CII_EXAMPLE), 'cii', { peppol: true }),
  ]);
});

test('the vendored examples are there, in both syntaxes', () => {
  assert.ok(CEN_EXAMPLES.filter((f) => syntaxOf(f) === 'ubl').length >= 5, CEN_EXAMPLES.join(', '));
  assert.ok(CEN_EXAMPLES.filter((f) => syntaxOf(f) === 'cii').length >= 10, CEN_EXAMPLES.join(', '));
  assert.ok(PEPPOL_EXAMPLES.length >= 5, PEPPOL_EXAMPLES.join(', '));
});

describe('CEN examples pass the CEN rules of their syntax', () => {
  for (const file of CEN_EXAMPLES) {
    const syntax = syntaxOf(file);
    test(`${file} (${syntax})`, { skip: KNOWN_FAILING[file] ?? false }, async () => {
      assertNoFatal(await validateEInvoice(read('examples', file), syntax));
    });
  }
});

describe('Peppol examples pass the CEN and the Peppol rules', () => {
  for (const file of PEPPOL_EXAMPLES) {
    test(file, { skip: KNOWN_FAILING[file] ?? false }, async () => {
      assertNoFatal(await validateEInvoice(read('peppol-examples', file), 'ubl', { peppol: true }));
    });
  }
});

describe('a broken invoice fails on the rule it breaks', () => {
  test('UBL without its issue date: BR-03', async () => {
    const xml = broken(read('examples', UBL_EXAMPLE), /<cbc:IssueDate>[^<]*<\/cbc:IssueDate>/, '');
    const r = await validateEInvoice(xml, 'ubl');
    assertFatal(r, 'BR-03');
    const br03 = r.fatal.find((a) => a.id === 'BR-03')!;
    assert.equal(br03.flag, 'fatal');
    assert.match(br03.text, /issue date/i);
    assert.match(br03.location, /Invoice/);
  });

  test('UBL whose total with VAT is not the total without VAT plus the VAT: BR-CO-15', async () => {
    const xml = broken(
      read('examples', UBL_EXAMPLE),
      /(<cbc:TaxInclusiveAmount [^>]*>)250\.33</,
      '$1999.99<',
    );
    assertFatal(await validateEInvoice(xml, 'ubl'), 'BR-CO-15');
  });

  test('CII without its issue date: BR-03', async () => {
    const xml = broken(read('examples', CII_EXAMPLE), /<ram:IssueDateTime>[\s\S]*?<\/ram:IssueDateTime>/, '');
    assertFatal(await validateEInvoice(xml, 'cii'), 'BR-03');
  });

  test('CII whose total with VAT is not the total without VAT plus the VAT: BR-CO-15', async () => {
    const xml = broken(
      read('examples', CII_EXAMPLE),
      /<ram:GrandTotalAmount>250\.33</,
      '<ram:GrandTotalAmount>999.99<',
    );
    assertFatal(await validateEInvoice(xml, 'cii'), 'BR-CO-15');
  });

  test('a Peppol invoice without its business process breaks a Peppol rule, not a CEN one', async () => {
    const xml = broken(read('peppol-examples', PEPPOL_EXAMPLE), /<cbc:ProfileID>[^<]*<\/cbc:ProfileID>/, '');
    assertNoFatal(await validateEInvoice(xml, 'ubl'));
    assertFatal(await validateEInvoice(xml, 'ubl', { peppol: true }), 'PEPPOL-EN16931-R001');
  });

  test("Peppol's CII rules run too: a CEN CII example lacks Peppol's specification identifier", async () => {
    const xml = read('examples', CII_EXAMPLE);
    assertNoFatal(await validateEInvoice(xml, 'cii'));
    assertFatal(await validateEInvoice(xml, 'cii', { peppol: true }), 'PEPPOL-EN16931-R004');
  });
});

test('a warning is a warning, not a fatal assert', async () => {
  // UBL-CR-002 (flag="warning"): a UBL invoice should not include a UBLVersionID other than 2.1.
  const xml = broken(
    read('examples', UBL_EXAMPLE),
    /<cbc:CustomizationID>/,
    '<cbc:UBLVersionID>2.0</cbc:UBLVersionID>\n    <cbc:CustomizationID>',
  );
  const r = await validateEInvoice(xml, 'ubl');
  assertNoFatal(r);
  assert.ok(ids(r.warnings).includes('UBL-CR-002'), `warnings:\n${formatAsserts(r.warnings)}`);
  assert.equal(r.warnings.find((a) => a.id === 'UBL-CR-002')!.flag, 'warning');
});

test('a document of the other syntax is refused, not passed', async () => {
  await assert.rejects(validateEInvoice(read('examples', CII_EXAMPLE), 'ubl'), /not a UBL document/);
  await assert.rejects(validateEInvoice(read('examples', UBL_EXAMPLE), 'cii'), /not a CII document/);
});

test('formatAsserts writes one line per assert', () => {
  const asserts: Assert[] = [
    {
      id: 'BR-03',
      flag: 'fatal',
      location: '/Invoice[1]',
      text: 'An Invoice shall have an Invoice issue date.',
    },
    { id: 'UBL-CR-002', flag: 'warning', location: '/Invoice[1]', text: 'No UBLVersionID but 2.1.' },
  ];
  const lines = formatAsserts(asserts).split('\n');
  assert.equal(lines.length, 2);
  assert.match(lines[0]!, /^fatal BR-03 at \/Invoice\[1\]: An Invoice shall have/);
  assert.match(lines[1]!, /^warning UBL-CR-002 /);
  assert.equal(formatAsserts([]), '');
});
