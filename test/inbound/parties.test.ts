// test-database: none (it uses no database; scripts/run-tests.mjs)
// BG-4 (seller) and BG-7 (buyer) as the UBL and CII readers give them (CONTRACT 11.5: the buyer
// check and the seller's matching read these), from CEN's examples and from the same examples with
// the identifiers a Peppol file carries added.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { LegalProfile } from '../../src/lib/legal-profile.ts';
import { readFile } from '../../src/modules/einvoice/import-document.ts';
import { buyerIsReceiver } from '../../src/modules/inbound/match-party.ts';

const EXAMPLES = join(process.cwd(), 'test', 'einvoice', 'artefacts', 'examples');
const UBL = readFileSync(join(EXAMPLES, 'ubl_examples_guide-example1.xml'), 'utf8');
const CII = readFileSync(join(EXAMPLES, 'cii_examples_CII_example1.xml'), 'utf8');

test('UBL: seller and buyer of CEN example 1', async () => {
  const { invoice } = await readFile(UBL, undefined);
  assert.deepEqual(invoice.seller, {
    name: 'De Koksmaat',
    electronicAddress: null,
    vatId: 'NL8200.98.395.B.01',
    legalRegistrationId: { scheme: null, value: '57151520' },
    email: null,
    identifiers: [],
    address: {
      line1: 'Postbus 7l',
      line2: null,
      city: 'Velsen-Noord',
      postalCode: '1950 AB',
      countryCode: 'NL',
    },
  });
  assert.equal(invoice.buyer.name, 'ODIN 59');
  assert.equal(invoice.buyer.vatId, null);
  assert.equal(invoice.buyer.address.city, 'HEEMSKERK');
});

test('CII: seller and buyer of CEN example 1 read the same as the UBL', async () => {
  const ubl = (await readFile(UBL, undefined)).invoice;
  const cii = (await readFile(CII, undefined)).invoice;
  assert.deepEqual(cii.seller, ubl.seller);
  assert.equal(cii.buyer.name, ubl.buyer.name);
  assert.deepEqual(cii.buyer.address, ubl.buyer.address);
});

test('electronic addresses, VAT ids, registration schemes and contact emails are read', async () => {
  const ubl = UBL.replace(
    '<cac:AccountingCustomerParty>\n        <cac:Party>',
    `<cac:AccountingCustomerParty>\n        <cac:Party><cbc:EndpointID schemeID="0088">5790000435975</cbc:EndpointID>
      <cac:PartyTaxScheme><cbc:CompanyID>NL123456789B01</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`,
  ).replace(
    '<cbc:Name>Dhr. J BLOKKER</cbc:Name>',
    '<cbc:Name>Dhr. J BLOKKER</cbc:Name><cbc:ElectronicMail>ap@odin.example</cbc:ElectronicMail>',
  );
  const buyer = (await readFile(ubl, undefined)).invoice.buyer;
  assert.deepEqual(buyer.electronicAddress, { scheme: '0088', value: '5790000435975' });
  assert.equal(buyer.vatId, 'NL123456789B01');
  assert.equal(buyer.email, 'ap@odin.example');

  const cii = CII.replace(
    '<ram:ID>10202</ram:ID>\n                <ram:Name>ODIN 59</ram:Name>',
    `<ram:ID>10202</ram:ID>\n                <ram:Name>ODIN 59</ram:Name>
      <ram:SpecifiedLegalOrganization><ram:ID schemeID="0106">34084173</ram:ID></ram:SpecifiedLegalOrganization>`,
  )
    .replace(
      '<ram:PersonName>Dhr. J BLOKKER</ram:PersonName>',
      '<ram:PersonName>Dhr. J BLOKKER</ram:PersonName><ram:EmailURIUniversalCommunication><ram:URIID>ap@odin.example</ram:URIID></ram:EmailURIUniversalCommunication>',
    )
    .replace(
      '<ram:CountryID>NL</ram:CountryID>\n                </ram:PostalTradeAddress>\n            </ram:BuyerTradeParty>',
      `<ram:CountryID>NL</ram:CountryID>\n                </ram:PostalTradeAddress>
      <ram:URIUniversalCommunication><ram:URIID schemeID="EM">ap@odin.example</ram:URIID></ram:URIUniversalCommunication>
      <ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">99/999/99999</ram:ID></ram:SpecifiedTaxRegistration>
      <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">NL123456789B01</ram:ID></ram:SpecifiedTaxRegistration>
            </ram:BuyerTradeParty>`,
    );
  const b = (await readFile(cii, undefined)).invoice.buyer;
  assert.deepEqual(b.legalRegistrationId, { scheme: '0106', value: '34084173' });
  assert.deepEqual(b.electronicAddress, { scheme: 'EM', value: 'ap@odin.example' });
  assert.equal(b.vatId, 'NL123456789B01', 'the VA registration, not the FC one');
  assert.equal(b.email, 'ap@odin.example');
});

const ODIN: LegalProfile = {
  legal_name: 'ODIN 59',
  address: { line1: 'POSTBUS 367', city: 'HEEMSKERK', postal_code: '1960 AJ', country_code: 'NL' },
  vat_id: 'NL123456789B01',
  legal_registration_id: { scheme: '0106', value: '34084173' },
  electronic_address: { scheme: '0088', value: '5790000435975' },
};

test('the buyer is the receiving organization by electronic address, VAT id or registration id', async () => {
  const base = (await readFile(UBL, undefined)).invoice.buyer;
  const none = { ...base, electronicAddress: null, vatId: null, legalRegistrationId: null };
  assert.equal(buyerIsReceiver(ODIN, none), false, 'a name alone is not an identifier');
  assert.equal(buyerIsReceiver(null, { ...none, vatId: 'NL123456789B01' }), false, 'no profile, no match');
  assert.equal(
    buyerIsReceiver(ODIN, { ...none, vatId: 'nl 1234 5678 9B01' }),
    true,
    'case and spaces ignored',
  );
  assert.equal(buyerIsReceiver(ODIN, { ...none, vatId: 'NL999999999B01' }), false);
  assert.equal(
    buyerIsReceiver(ODIN, { ...none, electronicAddress: { scheme: '0088', value: '5790000435975' } }),
    true,
  );
  assert.equal(
    buyerIsReceiver(ODIN, { ...none, electronicAddress: { scheme: '9930', value: '5790000435975' } }),
    false,
    'the same value in another scheme is another address',
  );
  assert.equal(
    buyerIsReceiver(ODIN, { ...none, legalRegistrationId: { scheme: null, value: '34084173' } }),
    true,
    'a registration id without a scheme matches its value',
  );
  assert.equal(
    buyerIsReceiver(ODIN, { ...none, legalRegistrationId: { scheme: '0002', value: '34084173' } }),
    false,
  );
});
