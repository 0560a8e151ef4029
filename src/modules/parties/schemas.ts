// Request and response shapes of the directory and external parties (CONTRACT 11.1).
import { Type } from '@sinclair/typebox';
import { LegalProfileSchema } from '../identity/legal-profile-schema.ts';

const Name = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'The name documents and emails show for the party; stored and returned exactly as given.',
  'x-label': 'Name',
});
// The address itself is checked in the domain (email.ts): RFC 5321 limits, IDN domains accepted,
// which JSON Schema's "email" format cannot express.
const Email = Type.String({
  minLength: 3,
  maxLength: 254,
  description:
    'Where its documents are emailed (RFC 5321 limits: local part ≤ 64, domain ≤ 255, address ≤ 254 octets; internationalized domains accepted).',
  'x-label': 'Email address',
});
const NotifyStatus = Type.Boolean({
  description: 'Email the party every later status change the issuer makes (default true).',
});

export const ExternalPartyInput = Type.Object(
  {
    name: Name,
    email: Email,
    legal_profile: Type.Optional(
      Type.Union([LegalProfileSchema, Type.Null()], {
        description:
          'The party as its e-invoices name it (BG-7 buyer / BG-4 seller), the shape of CONTRACT 9.',
      }),
    ),
    notify_status: Type.Optional(NotifyStatus),
  },
  { additionalProperties: false, title: 'ExternalPartyInput' },
);

export const ExternalPartyPatch = Type.Object(
  {
    name: Type.Optional(Name),
    email: Type.Optional(Email),
    legal_profile: Type.Optional(Type.Union([LegalProfileSchema, Type.Null()])),
    notify_status: Type.Optional(NotifyStatus),
  },
  { additionalProperties: false, minProperties: 1, title: 'ExternalPartyPatch' },
);

const Identifier = Type.String({
  minLength: 1,
  maxLength: 110,
  description:
    '<scheme>:<value>: an electronic address (EAS scheme, e.g. 0088:4012345000009, 9930:DE123456789) or a legal registration id (ISO 6523 ICD scheme, e.g. 0002:123456789).',
  'x-label': 'Identifier',
});
const VatId = Type.String({
  minLength: 1,
  maxLength: 30,
  description: 'A VAT identifier with its country prefix, e.g. DE123456789.',
  'x-label': 'VAT identifier',
});

export const DirectoryQuery = Type.Object(
  {
    identifier: Type.Optional(Identifier),
    vat_id: Type.Optional(VatId),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
  },
  { additionalProperties: false },
);

export const DirectoryEntry = Type.Object(
  {
    organization_id: Type.String(),
    name: Type.String(),
    country_code: Type.Union([Type.String(), Type.Null()], {
      description: "The legal profile's country (ISO 3166-1 alpha-2).",
    }),
    verified: Type.Literal(true, {
      description:
        'Always true: the directory lists an organization only by an identifier the operator verified for it (CONTRACT 11.1); what a profile merely states is never listed.',
    }),
  },
  { title: 'DirectoryEntry' },
);

/** The body of POST /v1/connections: exactly one way of naming the counterparty. */
export const CreateConnectionBody = Type.Object(
  {
    counterparty_organization_id: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, description: 'An organization id (org_…).' }),
    ),
    counterparty: Type.Optional(
      Type.Object(
        { identifier: Type.Optional(Identifier), vat_id: Type.Optional(VatId) },
        {
          additionalProperties: false,
          description: 'Found through the directory: exactly one of identifier or vat_id.',
        },
      ),
    ),
    external_party: Type.Optional(ExternalPartyInput),
  },
  {
    additionalProperties: false,
    description: 'Exactly one of counterparty_organization_id, counterparty or external_party.',
    examples: [
      { counterparty_organization_id: 'org_2Zx9PqR4tW8yB1cD3eF5gH' },
      { counterparty: { identifier: '0088:4012345000009' } },
      { counterparty: { vat_id: 'DE123456789' } },
      {
        external_party: {
          name: 'Customer SARL',
          email: 'accounts@customer.example',
          legal_profile: {
            legal_name: 'Customer SARL',
            address: { line1: '1 rue de la Paix', city: 'Paris', postal_code: '75002', country_code: 'FR' },
            vat_id: 'FR40303265045',
          },
          notify_status: true,
        },
      },
    ],
  },
);

export const UpdateConnectionBody = Type.Object(
  { external_party: ExternalPartyPatch },
  {
    additionalProperties: false,
    examples: [{ external_party: { email: 'ap@customer.example', notify_status: false } }],
  },
);
