import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../../http/schemas.ts';
import { LegalProfileSchema } from './legal-profile-schema.ts';

/** The organization's own profile as GET /v1/organization answers it: with what the operator verified. */
const OrganizationLegalProfile = Type.Object(
  {
    ...LegalProfileSchema.properties,
    verified_identifiers: Type.Array(
      Type.Object({
        field: Type.Union([
          Type.Literal('electronic_address'),
          Type.Literal('legal_registration_id'),
          Type.Literal('vat_id'),
        ]),
        value: Type.String({ description: 'As the profile states it: <scheme>:<value>, or the VAT id.' }),
        verified_at: Timestamp,
      }),
      {
        description:
          "The profile's identifiers the operator verified (POST /v1/operator/organizations/{id}/verify; CONTRACT 11.1). Only these list the organization in GET /v1/directory, resolve a connection by identifier and attribute received e-invoices to it; changing one drops it from this list until the operator verifies it again.",
      },
    ),
  },
  { title: 'OrganizationLegalProfile', additionalProperties: false },
);

export const Organization = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    environment: Type.Union([Type.Literal('live'), Type.Literal('sandbox')]),
    verified: Type.Boolean(),
    directory_listed: Type.Boolean({
      description:
        'Whether GET /v1/directory finds the organization by the identifiers of its legal profile (CONTRACT 11.1); PATCH it to false to leave the directory.',
    }),
    capture: Type.Object(
      {
        auto_confirm: Type.Boolean({
          description:
            'Whether docex confirms a capture by itself (CONTRACT 13) when its required fields and total were all read `high` and its supplier has a confirmed capture before (actor capture_auto); the payment holds apply unchanged. Default false; PATCH /v1/organization {capture: {auto_confirm}} sets it.',
        }),
      },
      { additionalProperties: false },
    ),
    legal_profile: Type.Union([OrganizationLegalProfile, Type.Null()], {
      description:
        'What e-invoices name the organization with (CONTRACT 9), and which of its identifiers are verified; null until PATCH /v1/organization sets it.',
    }),
    created_at: Timestamp,
  },
  { title: 'Organization' },
);

export const Session = Type.Object(
  {
    token: Type.String({ description: 'sess_… bearer token; send as Authorization: Bearer.' }),
    expires_at: Timestamp,
    organization_id: Type.String(),
  },
  { title: 'Session' },
);

export const User = Type.Object(
  { id: Type.String(), email: Type.String(), created_at: Timestamp },
  { title: 'User' },
);

export const SignupBody = Type.Object(
  {
    organization_name: Type.String({ minLength: 1, maxLength: 200 }),
    email: Type.String({ format: 'email', maxLength: 320 }),
    password: Type.String({ minLength: 12, maxLength: 1024, description: 'At least 12 characters.' }),
  },
  { additionalProperties: false },
);

export const SignupResponse = Type.Object(
  { organization: Organization, user: User, session: Session },
  { title: 'Signup' },
);

export const SessionBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 320 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    organization_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const Connection = Type.Object(
  {
    id: Type.String(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('active')]),
    environment: Type.Union([Type.Literal('live'), Type.Literal('sandbox')]),
    counterparty: Type.Object(
      {
        id: Type.String({ description: 'org_… for an organization, xp_… for an external party.' }),
        name: Type.String(),
        external: Type.Optional(
          Type.Literal(true, {
            description:
              'Present (true) when the counterparty is an external party: not on docex, reached by email.',
          }),
        ),
        email: Type.Optional(
          Nullable(
            Type.String({
              description:
                "The external party's email address; null for a seller added from an uploaded e-invoice that gave none (nothing is emailed to it until it is set).",
            }),
          ),
        ),
        legal_profile: Type.Optional(
          Type.Union([LegalProfileSchema, Type.Null()], {
            description: "The external party's legal profile (BG-7 of its e-invoices), or null.",
          }),
        ),
        notify_status: Type.Optional(
          Type.Boolean({ description: 'Whether later status changes are emailed to the external party.' }),
        ),
      },
      {
        description:
          'The other party, seen from the caller. An external party (seen by the organization that added it) also has external, email, legal_profile and notify_status.',
      },
    ),
    invited: Type.Boolean({ description: 'True for the organization that was invited and may accept.' }),
    created_at: Timestamp,
    accepted_at: Nullable(Timestamp),
  },
  { title: 'Connection' },
);

export const SandboxResponse = Type.Object(
  { organization: Organization, counterparty: Organization, connection: Connection, session: Session },
  { title: 'SandboxPair' },
);
