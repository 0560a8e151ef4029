// The request and response shapes of an organization's legal profile (CONTRACT 9), each field
// with the EN 16931 business term it fills and its name in words (`x-label`, which validation
// messages use: src/http/validation.ts). The checks a schema cannot express are in legal-profile.ts.
import { Type } from '@sinclair/typebox';
import { LEGAL_PROFILE_LABELS, type LegalProfilePath } from '../../lib/legal-profile.ts';

/** The field's name in words, for validation messages. */
const named = (path: LegalProfilePath) => ({ 'x-label': LEGAL_PROFILE_LABELS[path] });
const text = (path: LegalProfilePath, max: number, description?: string) =>
  Type.String({ minLength: 1, maxLength: max, ...named(path), ...(description ? { description } : {}) });
const nullable = <T extends ReturnType<typeof Type.Object> | ReturnType<typeof Type.String>>(t: T) =>
  Type.Union([t, Type.Null()]);

const Address = Type.Object(
  {
    line1: text('address.line1', 200, 'Street and number (BT-35 / BT-50).'),
    line2: Type.Optional(text('address.line2', 200, 'BT-36 / BT-51.')),
    city: text('address.city', 100, 'BT-37 / BT-52.'),
    postal_code: text('address.postal_code', 20, 'BT-38 / BT-53.'),
    country_code: Type.String({
      pattern: '^[A-Z]{2}$',
      maxLength: 2,
      description: 'ISO 3166-1 alpha-2 (BT-40 / BT-55).',
      ...named('address.country_code'),
      'x-expected': 'two capital letters, the ISO 3166-1 code of a country such as DE or FR',
    }),
  },
  { additionalProperties: false, ...named('address') },
);
const LegalRegistration = Type.Object(
  {
    scheme: Type.Optional(
      Type.String({
        pattern: '^[0-9]{4}$',
        maxLength: 4,
        description: 'ISO 6523 ICD, e.g. 0002, 0088.',
        ...named('legal_registration_id.scheme'),
        'x-expected': 'four digits, an ISO 6523 ICD code such as 0002 or 0106',
      }),
    ),
    value: text('legal_registration_id.value', 100, 'Company registration number (BT-30 / BT-47).'),
  },
  { additionalProperties: false, ...named('legal_registration_id') },
);
const ElectronicAddress = Type.Object(
  {
    scheme: Type.String({
      minLength: 1,
      maxLength: 4,
      description: 'EAS code: 0088 GLN, 0192, 9930 (DE VAT)…',
      ...named('electronic_address.scheme'),
    }),
    value: text(
      'electronic_address.value',
      100,
      'The endpoint identifier (BT-34 / BT-49); Peppol routes on it.',
    ),
  },
  { additionalProperties: false, ...named('electronic_address') },
);
const Contact = Type.Object(
  {
    name: Type.Optional(text('contact.name', 100, 'BT-41 / BT-56.')),
    phone: Type.Optional(text('contact.phone', 50, 'BT-42 / BT-57.')),
    email: Type.Optional(
      Type.String({
        format: 'email',
        maxLength: 254,
        description: 'BT-43 / BT-58.',
        ...named('contact.email'),
      }),
    ),
  },
  { additionalProperties: false, ...named('contact') },
);
const PaymentAccount = Type.Object(
  {
    iban: Type.String({
      minLength: 15,
      maxLength: 34,
      description: 'BT-84; its check digits are verified.',
      ...named('payment_account.iban'),
    }),
    bic: Type.Optional(
      Type.String({
        pattern: '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$',
        maxLength: 11,
        description: 'BT-86.',
        ...named('payment_account.bic'),
        'x-expected': "8 or 11 letters and digits, the bank's SWIFT code such as COBADEFFXXX",
      }),
    ),
    account_name: Type.Optional(text('payment_account.account_name', 200, 'BT-85.')),
  },
  { additionalProperties: false, ...named('payment_account') },
);

const profileFields = {
  legal_name: text('legal_name', 200, 'The registered name (BT-27 seller / BT-44 buyer).'),
  address: Address,
  vat_id: Type.String({
    pattern: '^[A-Z]{2}[0-9A-Za-z+*.]{2,12}$',
    maxLength: 14,
    description: 'VAT identifier with its country prefix, EL for Greece (BT-31 / BT-48).',
    ...named('vat_id'),
    'x-expected': 'a country prefix and 2 to 12 letters or digits, such as DE123456789 (EL for Greece)',
  }),
  tax_registration_id: text('tax_registration_id', 50, 'Local tax registration id (BT-32).'),
  legal_registration_id: LegalRegistration,
  electronic_address: ElectronicAddress,
  contact: Contact,
  payment_account: PaymentAccount,
};

export const LegalProfileSchema = Type.Object(
  {
    legal_name: profileFields.legal_name,
    address: profileFields.address,
    vat_id: Type.Optional(profileFields.vat_id),
    tax_registration_id: Type.Optional(profileFields.tax_registration_id),
    legal_registration_id: Type.Optional(profileFields.legal_registration_id),
    electronic_address: Type.Optional(profileFields.electronic_address),
    contact: Type.Optional(profileFields.contact),
    payment_account: Type.Optional(profileFields.payment_account),
  },
  { title: 'LegalProfile', additionalProperties: false },
);

export const UpdateOrganizationBody = Type.Object(
  {
    legal_name: Type.Optional(profileFields.legal_name),
    address: Type.Optional(profileFields.address),
    vat_id: Type.Optional(nullable(profileFields.vat_id)),
    tax_registration_id: Type.Optional(nullable(profileFields.tax_registration_id)),
    legal_registration_id: Type.Optional(nullable(profileFields.legal_registration_id)),
    electronic_address: Type.Optional(nullable(profileFields.electronic_address)),
    contact: Type.Optional(nullable(profileFields.contact)),
    payment_account: Type.Optional(nullable(profileFields.payment_account)),
    directory_listed: Type.Optional(
      Type.Boolean({
        description:
          'false takes the organization out of GET /v1/directory (CONTRACT 11.1); true (the default) lists it by the identifiers of its profile.',
        'x-label': 'Directory listing',
      }),
    ),
    capture: Type.Optional(
      Type.Object(
        {
          auto_confirm: Type.Boolean({
            description:
              'true: a capture whose required fields and total were all read `high`, from a supplier with a confirmed capture before, becomes a bill by itself (actor capture_auto; CONTRACT 13), the payment holds unchanged. false (the default): every capture waits for a person.',
            'x-label': 'Confirm known suppliers by itself',
          }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    examples: [
      {
        legal_name: 'Seller GmbH',
        address: { line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country_code: 'DE' },
        vat_id: 'DE123456789',
        electronic_address: { scheme: '9930', value: 'DE123456789' },
        contact: { name: 'Jo Sales', phone: '+49 30 123456', email: 'billing@seller.example' },
        payment_account: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
      },
    ],
  },
);
