// Before an invoice or credit note to a customer who is not on docex is issued: whether its email
// will carry the e-invoice (Factur-X PDF and UBL). The export needs both legal profiles (CONTRACT 9);
// the same rules the server refuses with (src/lib/einvoice-missing.ts) run here on the profiles the
// issue would freeze (GET /v1/organization and the external party's, GET /v1/connections/{id}), so
// the warning names every missing field, and where to fill it, before anything is sent.
import { type MissingTerm, missingTerms, onPeppol } from '../../../src/lib/einvoice-missing.ts';
import type { LegalProfile } from '../../../src/lib/legal-profile.ts';
import { defaultTaxCategory, type TaxCategory } from '../../../src/lib/tax-categories.ts';
import { docex } from '../api/client';
import type { Document } from '../api/types';
import { useAsync } from '../lib/hooks';
import { legalProfileFieldId, legalProfileFieldLabel } from '../pages/LegalProfile';
import { PARTY_FIELD_PREFIX } from '../pages/PartyPage';
import { Link } from '../router';

/** The types whose email carries an e-invoice. */
const EINVOICE_TYPES: ReadonlySet<string> = new Set(['invoice', 'credit_note']);

export interface Readiness {
  /** What the e-invoice would lack; empty when it can be written; null while unknown or not relevant. */
  missing: MissingTerm[] | null;
  partyName: string;
  connectionId: string;
  /** A page to return to from the legal profile form. */
  returnTo: string | null;
}

/**
 * What an issue on this connection would leave out of the email. Null (nothing to warn about) for
 * a connection to an organization on docex, a type without an e-invoice, or while reading.
 */
export function useIssueReadiness(
  connectionId: string,
  documentType: string,
  categories: TaxCategory[],
  returnTo: string | null,
): Readiness | null {
  const relevant = connectionId !== '' && EINVOICE_TYPES.has(documentType);
  const profiles = useAsync(async () => {
    if (!relevant) return null;
    const conn = await docex.GET('/v1/connections/{id}', { params: { path: { id: connectionId } } });
    if (!conn.counterparty.external) return null;
    const org = await docex.GET('/v1/organization');
    return {
      partyName: conn.counterparty.name,
      issuer: (org.legal_profile ?? null) as LegalProfile | null,
      party: (conn.counterparty.legal_profile ?? null) as LegalProfile | null,
    };
  }, [connectionId, relevant]);
  const p = profiles.data;
  if (!p) return null;
  const both = { issuer_profile: p.issuer, counterparty_profile: p.party };
  return {
    missing: missingTerms(both, new Set(categories), onPeppol(both)),
    partyName: p.partyName,
    connectionId,
    returnTo,
  };
}

/** The warning, with each missing field linked to the form that fills it. */
export function IssueWarning({ readiness }: { readiness: Readiness | null }) {
  if (!readiness?.missing || readiness.missing.length === 0) return null;
  const { missing, partyName, connectionId, returnTo } = readiness;
  const mine = missing.filter((m) => m.party === 'issuer');
  const theirs = missing.filter((m) => m.party === 'counterparty');
  const own = returnTo ? `/organization?return=${encodeURIComponent(returnTo)}` : '/organization';
  const party = `/connections/${connectionId}`;
  const list = (ms: MissingTerm[], base: string, prefix: string) =>
    ms.map((m, i) => (
      <span key={`${m.bt}-${m.field}`}>
        {i > 0 ? ', ' : ''}
        <Link to={`${base}#${legalProfileFieldId(m.field, prefix)}`}>{legalProfileFieldLabel(m.field)}</Link>
      </span>
    ));
  return (
    <div className="alert alert-warn" role="alert" data-testid="issue-warning">
      <p>
        <strong>The email to {partyName} would go without its e-invoice</strong> (the Factur-X PDF and UBL
        file): an e-invoice needs what these legal profiles lack. Fill them in before you issue: the document
        keeps the profiles it was issued with.
      </p>
      <ul>
        {mine.length > 0 ? (
          <li data-testid="issue-missing-mine">
            In <Link to={own}>your legal profile</Link>: {list(mine, own, 'lp')}.
          </li>
        ) : null}
        {theirs.length > 0 ? (
          <li data-testid="issue-missing-theirs">
            In <Link to={party}>{partyName}'s details</Link>: {list(theirs, party, PARTY_FIELD_PREFIX)}.
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** The categories of a document's lines, as the export reads them. */
export function categoriesOf(doc: Document): TaxCategory[] {
  return doc.line_items.map((l) => l.tax_category ?? defaultTaxCategory(l.tax_rate));
}
