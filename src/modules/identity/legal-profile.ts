// PATCH /v1/organization (CONTRACT 9): the organization's legal profile, what an e-invoice names a
// party with. Sent fields replace the stored ones (null clears an optional one); the result must
// be a whole profile (legal_name and address). Each value is checked against the code lists and
// check digits the official EN 16931 and Peppol rules apply, so an accepted profile never makes an
// export fail for a malformed identifier.
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import { summary } from '../../http/validation.ts';
import { type FieldProblem, invalid, notFound } from '../../lib/errors.ts';
import { COUNTRY_CODES, EAS_CODES, ICD_CODES } from '../../lib/generated/en16931-codes.ts';
import { LEGAL_PROFILE_LABELS, type LegalProfile, type LegalProfilePath } from '../../lib/legal-profile.ts';
import { identifierProblem, validIban } from '../../lib/party-identifiers.ts';
import { unstorableTextProblem } from '../../lib/text.ts';
import { type OrganizationView, organizationViewOf } from './organizations.ts';
import { dropChangedIdentifiers } from './verified-identifiers.ts';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const label = (path: string): string => LEGAL_PROFILE_LABELS[path as LegalProfilePath] ?? path;

/**
 * The checks a JSON Schema cannot express: code lists, check digits, the VAT prefix. Reads the
 * profile as sent, so it also runs on a body its schema refused (each check looks only at values
 * of the right shape), and its problems are answered with the schema's, all in one answer.
 */
export function legalProfileProblems(p: unknown): FieldProblem[] {
  const out: FieldProblem[] = [];
  if (!isObject(p)) return out;
  const country = isObject(p.address) ? p.address.country_code : undefined;
  if (typeof country === 'string' && /^[A-Z]{2}$/.test(country) && !COUNTRY_CODES.has(country)) {
    out.push({
      path: 'address.country_code',
      message: `Country code ${country} is not a country: use its two-letter ISO 3166-1 code, such as DE or FR`,
    });
  }
  if (typeof p.vat_id === 'string' && /^[A-Z]{2}/.test(p.vat_id)) {
    const prefix = p.vat_id.slice(0, 2);
    if (prefix === 'GR') {
      out.push({
        path: 'vat_id',
        message: "VAT identifier: Greece's prefix is EL, not GR (EN 16931 rule BR-CO-9)",
      });
    } else if (prefix !== 'EL' && !COUNTRY_CODES.has(prefix)) {
      out.push({
        path: 'vat_id',
        message: `VAT identifier must start with its country's prefix (DE, FR, EL for Greece…); ${prefix} is none (EN 16931 rule BR-CO-9)`,
      });
    }
  }
  const reg = p.legal_registration_id;
  if (isObject(reg) && typeof reg.scheme === 'string' && /^[0-9]{4}$/.test(reg.scheme)) {
    if (!ICD_CODES.has(reg.scheme)) {
      out.push({
        path: 'legal_registration_id.scheme',
        message: `Registration scheme ${reg.scheme} is not an ISO 6523 ICD code (0002, 0088, 0106…)`,
      });
    } else if (typeof reg.value === 'string') {
      const problem = identifierProblem(reg.scheme, reg.value);
      if (problem)
        out.push({ path: 'legal_registration_id.value', message: `Registration number ${problem}` });
    }
  }
  const ea = p.electronic_address;
  if (isObject(ea) && typeof ea.scheme === 'string' && ea.scheme !== '') {
    if (!EAS_CODES.has(ea.scheme)) {
      out.push({
        path: 'electronic_address.scheme',
        message: `Address scheme ${ea.scheme} is not an EAS code (0088, 0192, 9930…)`,
      });
    } else if (typeof ea.value === 'string') {
      const problem = identifierProblem(ea.scheme, ea.value);
      if (problem) out.push({ path: 'electronic_address.value', message: `Address identifier ${problem}` });
    }
  }
  const iban = isObject(p.payment_account) ? p.payment_account.iban : undefined;
  if (typeof iban === 'string' && iban.length >= 15 && iban.length <= 34 && !validIban(iban)) {
    out.push({
      path: 'payment_account.iban',
      message: 'IBAN is not valid: its check digits do not match (look for a typing error)',
    });
  }
  for (const [path, value] of flatStrings(p, '')) {
    const problem = unstorableTextProblem(value);
    if (problem) out.push({ path, message: `${label(path)} ${problem}` });
    else if (value !== '' && value.trim() === '')
      out.push({ path, message: `${label(path)} must not be blank` });
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
function merged(current: LegalProfile | null, body: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(current ?? {}) };
  if (!isObject(body)) return out;
  for (const [k, v] of Object.entries(body)) {
    if (v === null) delete out[k];
    else if (v !== undefined) out[k] = v;
  }
  return out;
}

/** The form's order (LEGAL_PROFILE_LABELS), so a list of problems reads top to bottom. */
const ORDER = Object.keys(LEGAL_PROFILE_LABELS);
const rank = (path: string): number => {
  const i = ORDER.findIndex((k) => path === k || path.startsWith(`${k}.`));
  const exact = ORDER.indexOf(path);
  return exact >= 0 ? exact : i >= 0 ? i : ORDER.length;
};

/**
 * PATCH /v1/organization. `schemaProblems` are the body's schema problems (the route collects
 * them, collectsBodyProblems): answered together with the checks here, so a person sees every
 * field to fix at once. While there are any, `body` has not been checked against its schema.
 */
export async function updateLegalProfile(
  ctx: AppContext,
  principal: Principal,
  body: unknown,
  schemaProblems: FieldProblem[] = [],
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
    // directory_listed (CONTRACT 11.1) is a flag beside the profile, not part of it: a body that
    // only sets it leaves the profile alone, even an organization that has none yet.
    const { directory_listed: listed, ...profileBody } = isObject(body) ? body : {};
    const listing = typeof listed === 'boolean' ? { directory_listed: listed } : {};
    if (Object.keys(profileBody).length === 0) {
      if (schemaProblems.length > 0) throw invalid(schemaProblems, summary(schemaProblems));
      return trx
        .updateTable('organizations')
        .set(listing)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    const next = merged(org.legal_profile, profileBody);
    const problems = [...schemaProblems];
    const named = (path: string) => problems.some((q) => q.path === path || q.path.startsWith(`${path}.`));
    for (const field of ['legal_name', 'address'] as const) {
      if (next[field] === undefined && !named(field))
        problems.push({ path: field, message: `${label(field)} is required: the profile has none yet` });
    }
    // A value the schema already refused is not judged again (its check digits, say).
    for (const q of legalProfileProblems(profileBody)) if (!named(q.path)) problems.push(q);
    if (problems.length > 0) {
      const sorted = problems
        .map((q, i) => ({ q, i }))
        .sort((a, b) => rank(a.q.path) - rank(b.q.path) || a.i - b.i)
        .map(({ q }) => q);
      throw invalid(sorted, summary(sorted));
    }
    const updated = await trx
      .updateTable('organizations')
      .set({ legal_profile: JSON.stringify(next as unknown as LegalProfile), ...listing })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // A changed identifier is the organization's word only: it leaves the directory (and stops
    // attributing received files) until the operator verifies it again (CONTRACT 11.1).
    await dropChangedIdentifiers(trx, id);
    return updated;
  });
  return organizationViewOf(ctx.db, row);
}
