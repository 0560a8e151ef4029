// The request and response shapes of an organization's legal profile (CONTRACT 9), each field
// with the EN 16931 business term it fills. The checks a schema cannot express are in
// legal-profile.ts.
import { type Static, Type } from '@sinclair/typebox';

const text = (max: number, description?: string) =>
  Type.String({ minLength: 1, maxLength: max, ...(description ? { description } : {}) });
const nullable = <T extends ReturnType<typeof Type.Object> | ReturnType<typeof Type.String>>(t: T) =>
  Type.Union([t, Type.Null()]);

const Address = Type.Object(
  {
    line1: text(200, 'Street and number (BT-35 / BT-50).'),
    line2: Type.Optional(text(200, 'BT-36 / BT-51.')),
    city: text(100, 'BT-37 / BT-52.'),
    postal_code: text(20, 'BT-38 / BT-53.'),
    country_code: Type.String({
      pattern: '^[A-Z]{2}$',
      maxLength: 2,
      description: 'ISO 3166-1 alpha-2 (BT-40 / BT-55).',
    }),
  },
  { additionalProperties: false },
);
const LegalRegistration = Type.Object(
  {
    scheme: Type.Optional(
      Type.String({ pattern: '^[0-9]{4}$', maxLength: 4, description: 'ISO 6523 ICD, e.g. 0002, 0088.' }),
    ),
    value: text(100, 'Company registration number (BT-30 / BT-47).'),
  },
  { additionalProperties: false },
);
const ElectronicAddress = Type.Object(
  {
    scheme: Type.String({
      minLength: 1,
      maxLength: 4,
      description: 'EAS code: 0088 GLN, 0192, 9930 (DE VAT)…',
    }),
    value: text(100, 'The endpoint identifier (BT-34 / BT-49); Peppol routes on it.'),
  },
  { additionalProperties: false },
);
const Contact = Type.Object(
  {
    name: Type.Optional(text(100, 'BT-41 / BT-56.')),
    phone: Type.Optional(text(50, 'BT-42 / BT-57.')),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254, description: 'BT-43 / BT-58.' })),
  },
  { additionalProperties: false },
);
const PaymentAccount = Type.Object(
  {
    iban: Type.String({ minLength: 15, maxLength: 34, description: 'BT-84; its check digits are verified.' }),
    bic: Type.Optional(
      Type.String({ pattern: '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$', maxLength: 11, description: 'BT-86.' }),
    ),
    account_name: Type.Optional(text(200, 'BT-85.')),
  },
  { additionalProperties: false },
);

const profileFields = {
  legal_name: text(200, 'The registered name (BT-27 seller / BT-44 buyer).'),
  address: Address,
  vat_id: Type.String({
    pattern: '^[A-Z]{2}[0-9A-Za-z+*.]{2,12}$',
    maxLength: 14,
    description: 'VAT identifier with its country prefix, EL for Greece (BT-31 / BT-48).',
  }),
  tax_registration_id: text(50, 'Local tax registration id (BT-32).'),
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
export type UpdateOrganizationBodyT = Static<typeof UpdateOrganizationBody>;
