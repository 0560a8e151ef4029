// A customer or supplier that is not on docex (an external party, CONTRACT 11.1): its name, the
// address its documents are emailed to, and its whole legal profile (what the e-invoices name it
// with as buyer, BG-7), which only the organization that added it can fill in. Read with
// GET /v1/connections/{id}, saved with PATCH /v1/connections/{id}; the form is the legal profile
// page's own fieldsets, so the fields, words and checks are the same for both.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { DocexError, docex, newIdempotencyKey } from '../api/client';
import type { Connection } from '../api/types';
import { ErrorAlert, Loading, Notice } from '../components/ui';
import { useAction, useAsync } from '../lib/hooks';
import { Link, useLocation, usePageTitle } from '../router';
import {
  bodyOf,
  emptyRequired,
  mergeProblems,
  type Problem,
  ProfileFieldsets,
  problemCount,
  problemsOf,
  type Values,
  valuesOf,
} from './LegalProfile';

type Party = Connection['counterparty'];
type FullProfile = NonNullable<Party['legal_profile']>;

/** The prefix of this form's field ids: /connections/<id>#xp-address-line1 focuses that field. */
export const PARTY_FIELD_PREFIX = 'xp';

/** The profile as PATCH /v1/connections/{id} takes it: whole, optional parts left out rather than null. */
function profileOf(values: Values): FullProfile | null {
  // Nothing beyond the name and VAT id offered by default: no profile yet.
  if (Object.entries(values).every(([k, v]) => v.trim() === '' || k === 'legal_name' || k === 'vat_id'))
    return null;
  const body = bodyOf(values) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null)) as FullProfile;
}

/** A problem of the PATCH body (external_party.legal_profile.address.city) as the form's path. */
function formPath(p: Problem): Problem {
  return { ...p, path: p.path.replace(/^\/?external_party[./]legal_profile[./]?/, '').replace(/\//g, '.') };
}

export function PartyPage({ id }: { id: string }) {
  const conn = useAsync(() => docex.GET('/v1/connections/{id}', { params: { path: { id } } }), [id]);
  usePageTitle(conn.data ? conn.data.counterparty.name : 'Customer or supplier');
  if (!conn.data) {
    return (
      <section>
        <h1 tabIndex={-1}>Customer or supplier</h1>
        {conn.error ? <ErrorAlert error={conn.error} /> : <Loading what="the customer or supplier" />}
      </section>
    );
  }
  if (!conn.data.counterparty.external) {
    return (
      <section>
        <h1 tabIndex={-1}>{conn.data.counterparty.name}</h1>
        <Notice>
          {conn.data.counterparty.name} is on docex: its legal profile is its own to fill in. Documents you
          exchange name it with the profile it keeps.
        </Notice>
        <Link to="/connections">Back to customers and suppliers</Link>
      </section>
    );
  }
  return <PartyForm conn={conn.data} onSaved={conn.set} />;
}

function PartyForm({ conn, onSaved }: { conn: Connection; onSaved: (c: Connection) => void }) {
  const party = conn.counterparty;
  const [name, setName] = useState(party.name);
  const [email, setEmail] = useState(party.email ?? '');
  // A new party's legal name is its name until someone types another.
  const { search } = useLocation();
  const [values, setValues] = useState<Values>(() => {
    const v = valuesOf(party.legal_profile);
    if (!v.legal_name) v.legal_name = party.name;
    if (!v.vat_id) v.vat_id = search.get('vat') ?? '';
    return v;
  });
  const [localProblems, setLocalProblems] = useState<Problem[]>([]);
  const [saved, setSaved] = useState(false);
  const action = useAction();
  const added = search.get('added') === '1';
  const formRef = useRef<HTMLFormElement>(null);
  const problems = mergeProblems(localProblems, problemsOf(action.error).map(formPath));
  const count = problemCount(problems);
  useEffect(() => {
    const target = window.location.hash.slice(1);
    if (target.startsWith(`${PARTY_FIELD_PREFIX}-`)) document.getElementById(target)?.focus();
  }, []);
  useEffect(() => {
    if (!action.error) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [action.error]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const profile = profileOf(values);
    setLocalProblems(profile ? emptyRequired(values) : []);
    void action.run(async () => {
      const next = await docex.PATCH('/v1/connections/{id}', {
        params: { path: { id: conn.id } },
        body: { external_party: { name: name.trim(), email: email.trim(), legal_profile: profile } },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      setLocalProblems([]);
      onSaved(next);
      setValues(valuesOf(next.counterparty.legal_profile));
      setSaved(true);
    });
  };
  const other =
    action.error instanceof DocexError && problemsOf(action.error).length > 0 ? null : action.error;

  return (
    <form ref={formRef} className="legal-profile" onSubmit={submit} aria-labelledby="xp-title" noValidate>
      <div className="page-head">
        <h1 id="xp-title" tabIndex={-1}>
          {party.name}
        </h1>
      </div>
      <p>
        Not on docex: documents you issue to {party.name} are emailed to them, with the e-invoice (Factur-X
        PDF and UBL) attached when both legal profiles hold what an e-invoice needs. Only you can fill in
        their details here: they have no account.
      </p>
      {added ? (
        <Notice tone="success">
          {party.name} added. Fill in their postal address now: an invoice to them cannot carry its e-invoice
          without it.
        </Notice>
      ) : null}
      {count > 0 ? (
        <div className="alert alert-error" role="alert" data-testid="party-errors">
          Not saved: {count === 1 ? 'one field needs' : `${count} fields need`} attention (shown beside{' '}
          {count === 1 ? 'it' : 'them'}).
        </div>
      ) : (
        <ErrorAlert error={other} />
      )}
      <fieldset className="grid">
        <legend>Name and email</legend>
        <div className="field">
          <label htmlFor="xp-name">Name</label>
          <input id="xp-name" required value={name} onChange={(e) => setName(e.target.value)} />
          <span className="hint">How documents and emails name them.</span>
        </div>
        <div className="field">
          <label htmlFor="xp-email">Email for their documents</label>
          <input
            id="xp-email"
            type="text"
            inputMode="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <span className="hint">Where invoices and notices to them are sent.</span>
        </div>
      </fieldset>
      <ProfileFieldsets
        values={values}
        setValues={setValues}
        problems={problems}
        idPrefix={PARTY_FIELD_PREFIX}
      />
      <p className="hint">
        Leave every legal-profile field empty to have none. Documents already issued keep the details they
        were issued with.
      </p>
      <div className="actions-bar">
        <button type="submit" disabled={action.busy || name.trim() === '' || email.trim() === ''}>
          {action.busy ? 'Saving…' : 'Save details'}
        </button>
        <span className="save-outcome" role="status" aria-live="polite" data-testid="party-outcome">
          {saved ? <span className="outcome-ok">Details saved.</span> : null}
        </span>
        <Link to="/connections" className="button secondary">
          Back to customers and suppliers
        </Link>
      </div>
    </form>
  );
}
