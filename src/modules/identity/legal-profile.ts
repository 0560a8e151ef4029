// PATCH /v1/organization (CONTRACT 9): the organization's legal profile, what an e-invoice names a
// party with. Sent fields replace the stored ones (null clears an optional one); the result must
// be a whole profile (legal_name and address). Each value is checked against the code lists and
// check digits the official EN 16931 and Peppol rules apply, so an accepted profile never makes an
// export fail for a malformed identifier.
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import { COUNTRY_CODES, EAS_CODES, ICD_CODES } from '../../lib/en16931-codes.ts';
import { type FieldProblem, invalid, notFound } from '../../lib/errors.ts';
import type { LegalProfile } from '../../lib/legal-profile.ts';
import { identifierProblem, validIban } from '../../lib/party-identifiers.ts';
import { isStorableText } from '../../lib/text.ts';
import type { UpdateOrganizationBodyT } from './legal-profile-schema.ts';
import { type OrganizationView, organizationView } from './organizations.ts';

/** The checks a JSON Schema cannot express: code lists, check digits, the VAT prefix. */
export function legalProfileProblems(p: LegalProfile): FieldProblem[] {
  const out: FieldProblem[] = [];
  const country = p.address.country_code;
  if (!COUNTRY_CODES.has(country)) {
    out.push({
      path: 'address.country_code',
      message: `${country} is not an assigned ISO 3166-1 alpha-2 code`,
    });
  }
  if (p.vat_id !== undefined) {
    const prefix = p.vat_id.slice(0, 2);
    if (prefix === 'GR') {
      out.push({ path: 'vat_id', message: "Greece's VAT prefix is EL, not GR (BR-CO-9)" });
    } else if (prefix !== 'EL' && !COUNTRY_CODES.has(prefix)) {
      out.push({
        path: 'vat_id',
        message: `must start with a country prefix (DE, FR, EL…); ${prefix} is none (BR-CO-9)`,
      });
    }
  }
  const reg = p.legal_registration_id;
  if (reg?.scheme !== undefined) {
    if (!ICD_CODES.has(reg.scheme)) {
      out.push({
        path: 'legal_registration_id.scheme',
        message: `${reg.scheme} is not an ISO 6523 ICD code`,
      });
    } else {
      const problem = identifierProblem(reg.scheme, reg.value);
      if (problem) out.push({ path: 'legal_registration_id.value', message: problem });
    }
  }
  const ea = p.electronic_address;
  if (ea) {
    if (!EAS_CODES.has(ea.scheme)) {
      out.push({
        path: 'electronic_address.scheme',
        message: `${ea.scheme} is not an EAS code (0088, 0192, 9930…)`,
      });
    } else {
      const problem = identifierProblem(ea.scheme, ea.value);
      if (problem) out.push({ path: 'electronic_address.value', message: problem });
    }
  }
  if (p.payment_account && !validIban(p.payment_account.iban)) {
    out.push({ path: 'payment_account.iban', message: 'is not an IBAN: its check digits do not match' });
  }
  for (const [path, value] of flatStrings(p, '')) {
    if (!isStorableText(value))
      out.push({ path, message: 'contains a NUL character or an unpaired surrogate' });
    else if (value.trim() === '') out.push({ path, message: 'must not be blank' });
  }
  return out;
}

function* flatStrings(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) yield* flatStrings(v, path ? `${path}.${k}` : k);
  }
}

/** The stored profile with the body applied: sent fields replace, null clears, absent keeps. */
function merged(current: LegalProfile | null, body: UpdateOrganizationBodyT): Partial<LegalProfile> {
  const out: Record<string, unknown> = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(body)) {
    if (v === null) delete out[k];
    else if (v !== undefined) out[k] = v;
  }
  return out as Partial<LegalProfile>;
}

/** PATCH /v1/organization. */
export async function updateLegalProfile(
  ctx: AppContext,
  principal: Principal,
  body: UpdateOrganizationBodyT,
): Promise<OrganizationView> {
  const id = principal.organization.id;
  // Locked read-modify-write: two concurrent PATCHes of different fields both land.
  const row = await inTransaction(ctx.db, async (trx) => {
    const org = await trx
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!org) throw notFound('organization');
    const next = merged(org.legal_profile, body);
    const missing: FieldProblem[] = [];
    for (const field of ['legal_name', 'address'] as const) {
      if (next[field] === undefined)
        missing.push({ path: field, message: 'is required: the profile has none yet' });
    }
    if (missing.length > 0) throw invalid(missing);
    const profile = next as LegalProfile;
    const problems = legalProfileProblems(profile);
    if (problems.length > 0) throw invalid(problems);
    return trx
      .updateTable('organizations')
      .set({ legal_profile: JSON.stringify(profile) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return organizationView(row);
}
