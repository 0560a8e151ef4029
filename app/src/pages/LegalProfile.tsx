// The organization's legal profile (CONTRACT 9): what its e-invoices name it with, as the seller
// (BG-4) on what it issues and as the buyer (BG-7) on what it receives. Loaded with
// GET /v1/organization, saved with PATCH /v1/organization; the API's field errors are shown beside
// the fields they name (details.errors[].path is the field's path in the body).
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { appApi, DocexError, docex, newIdempotencyKey, problemInWords, refusal } from '../api/client';
import type { LegalProfile, LegalProfilePatch, Organization } from '../api/types';
import { ConfirmButton } from '../components/ConfirmButton';
import { CopyButton, ErrorAlert, Loading } from '../components/ui';
import { useAction, useAsync } from '../lib/hooks';
import { setOrganizationCountry } from '../lib/locale';
import {
  ADDRESS_SCHEMES,
  type CodeOption,
  codeName,
  countryOptions,
  REGISTRATION_SCHEMES,
  vatAddressScheme,
} from '../lib/profile-codes';
import { Link, useLocation, usePageTitle } from '../router';

interface FieldDef {
  /** The field's path in the PATCH body, as the API names it in details.errors. */
  path: string;
  label: string;
  help: string;
  required?: boolean;
  type?: 'email' | 'tel';
  autoComplete?: string;
  /** Typed in capitals (codes, identifiers). */
  upper?: boolean;
  /** Spaces removed (IBAN, BIC, VAT id). */
  compact?: boolean;
  /** The EN 16931 business terms it fills, in the hint's tooltip (not in the words on screen). */
  terms?: string;
  /** A picker instead of free text: a country by name, or a scheme offered by name. */
  kind?: 'country' | 'registration-scheme' | 'address-scheme';
}

interface GroupDef {
  /** The object the fields belong to, when they are one (address, contact…). */
  path?: string;
  legend: string;
  intro?: string;
  fields: FieldDef[];
}

export const LEGAL_PROFILE_GROUPS: GroupDef[] = [
  {
    legend: 'Name and address',
    intro: 'Required: every e-invoice names both parties with these.',
    fields: [
      {
        path: 'legal_name',
        label: 'Legal name',
        help: 'The registered name, as in the trade register: it names you as the seller on what you issue and as the buyer on what you receive.',
        terms: 'BT-27 / BT-44',
        required: true,
        autoComplete: 'organization',
      },
    ],
  },
  {
    path: 'address',
    legend: 'Postal address',
    fields: [
      {
        path: 'address.line1',
        label: 'Street and number',
        help: 'The first address line.',
        terms: 'BT-35 / BT-50',
        required: true,
        autoComplete: 'address-line1',
      },
      {
        path: 'address.line2',
        label: 'Address line 2',
        help: 'Building, floor, PO box… (optional).',
        terms: 'BT-36 / BT-51',
        autoComplete: 'address-line2',
      },
      {
        path: 'address.city',
        label: 'City',
        help: 'The town or city.',
        terms: 'BT-37 / BT-52',
        required: true,
        autoComplete: 'address-level2',
      },
      {
        path: 'address.postal_code',
        label: 'Postal code',
        help: 'The post code of the address.',
        terms: 'BT-38 / BT-53',
        required: true,
        autoComplete: 'postal-code',
      },
      {
        path: 'address.country_code',
        label: 'Country',
        help: "Decides which country's rules apply to your invoices, and the currency and number format new documents start with.",
        terms: 'BT-40 / BT-55, ISO 3166-1',
        required: true,
        kind: 'country',
        autoComplete: 'country',
      },
    ],
  },
  {
    legend: 'Tax identifiers',
    fields: [
      {
        path: 'vat_id',
        label: 'VAT identifier',
        help: 'Your VAT number with its country prefix (DE…, FR…; EL for Greece), printed on every e-invoice. A seller charging VAT needs it, or a tax registration id.',
        terms: 'BT-31 / BT-48',
        upper: true,
        compact: true,
      },
      {
        path: 'tax_registration_id',
        label: 'Tax registration id',
        help: 'A local tax number, for a seller without a VAT identifier (optional).',
        terms: 'BT-32',
      },
    ],
  },
  {
    path: 'legal_registration_id',
    legend: 'Legal registration',
    fields: [
      {
        path: 'legal_registration_id.value',
        label: 'Registration number',
        help: 'Your company number in its register (trade register, SIREN, KvK…); Dutch parties must give their KvK number.',
        terms: 'BT-30 / BT-47',
      },
      {
        path: 'legal_registration_id.scheme',
        label: 'Registration scheme',
        help: 'Which register the number is in: pick it from the list, or type its four-digit code (optional).',
        terms: 'BT-30 scheme, ISO 6523 ICD',
        kind: 'registration-scheme',
      },
    ],
  },
  {
    path: 'electronic_address',
    legend: 'Electronic address',
    intro:
      'Where the Peppol network delivers e-invoices to you: usually your VAT number or a GLN. When both parties have one, the UBL file is a Peppol BIS Billing 3.0 document. Optional.',
    fields: [
      {
        path: 'electronic_address.scheme',
        label: 'Address scheme',
        help: 'What kind of identifier the address is: pick it from the list (German VAT number, GLN…), or type its code.',
        terms: 'BT-34 / BT-49 scheme, EAS',
        kind: 'address-scheme',
      },
      {
        path: 'electronic_address.value',
        label: 'Address identifier',
        help: 'Your identifier of that kind, e.g. your VAT number.',
        terms: 'BT-34 / BT-49',
      },
    ],
  },
  {
    path: 'contact',
    legend: 'Contact',
    intro: 'Who the other party asks about an invoice. A German seller on Peppol gives all three.',
    fields: [
      {
        path: 'contact.name',
        label: 'Contact name',
        help: 'A person or a department.',
        terms: 'BT-41 / BT-56',
      },
      {
        path: 'contact.phone',
        label: 'Contact phone',
        help: 'A phone number for questions about an invoice.',
        terms: 'BT-42 / BT-57',
        type: 'tel',
        autoComplete: 'tel',
      },
      {
        path: 'contact.email',
        label: 'Contact email',
        help: 'An email address for questions about an invoice.',
        terms: 'BT-43 / BT-58',
        type: 'email',
        autoComplete: 'email',
      },
    ],
  },
  {
    path: 'payment_account',
    legend: 'Payment account',
    intro: 'Where your customers pay what you invoice: printed on your invoices as the payment instructions.',
    fields: [
      {
        path: 'payment_account.iban',
        label: 'IBAN',
        help: 'The account to pay into; spaces are removed and its check digits verified.',
        terms: 'BT-84',
        upper: true,
        compact: true,
      },
      {
        path: 'payment_account.bic',
        label: 'BIC',
        help: "The bank's identifier, 8 or 11 characters (optional).",
        terms: 'BT-86',
        upper: true,
        compact: true,
      },
      {
        path: 'payment_account.account_name',
        label: 'Account name',
        help: 'The name the account is held in, when it differs from the legal name (optional).',
        terms: 'BT-85',
      },
    ],
  },
];

const ALL_FIELDS = LEGAL_PROFILE_GROUPS.flatMap((g) => g.fields);

export type Values = Record<string, string>;

/** The DOM id of a field's input (the e-invoice panel links to it: /organization#lp-vat_id). */
export function legalProfileFieldId(path: string, prefix = 'lp'): string {
  return `${prefix}-${(fieldFor(path)?.path ?? path).replace(/\./g, '-')}`;
}

/** The field a path names, or the first field of the group it names (legal_registration_id). */
function fieldFor(path: string): FieldDef | undefined {
  return ALL_FIELDS.find((f) => f.path === path) ?? ALL_FIELDS.find((f) => f.path.startsWith(`${path}.`));
}

/** How the form labels a field the API names (details.missing[].field), in words. */
export function legalProfileFieldLabel(path: string): string {
  const f = fieldFor(path);
  if (!f) return path.replace(/[._]/g, ' ');
  // "IBAN" and "VAT identifier" keep their capitals; "Legal name" reads "legal name" in a sentence.
  return /^[A-Z][a-z]/.test(f.label) ? f.label[0]!.toLowerCase() + f.label.slice(1) : f.label;
}

export function valuesOf(profile: LegalProfile | null | undefined): Values {
  const out: Values = {};
  for (const f of ALL_FIELDS) {
    let v: unknown = profile;
    for (const k of f.path.split('.'))
      v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
    out[f.path] = typeof v === 'string' ? v : '';
  }
  return out;
}

/** The PATCH body: every field as typed; an optional thing left empty is cleared (null). */
export function bodyOf(values: Values): LegalProfilePatch {
  const v = (path: string) => {
    const def = ALL_FIELDS.find((f) => f.path === path);
    let s = (values[path] ?? '').trim();
    if (def?.compact) s = s.replace(/\s+/g, '');
    if (def?.upper) s = s.toUpperCase();
    return s;
  };
  /** Only the non-empty ones of these keys of a group, or null when they are all empty. */
  const group = <T,>(prefix: string, keys: string[], required: string[] = []): T | null => {
    const entries = keys.map((k) => [k, v(`${prefix}.${k}`)] as const);
    if (entries.every(([, s]) => s === '')) return null;
    // A required member left empty is still sent, so the API names it.
    return Object.fromEntries(entries.filter(([k, s]) => s !== '' || required.includes(k))) as T;
  };
  const line2 = v('address.line2');
  return {
    legal_name: v('legal_name'),
    address: {
      line1: v('address.line1'),
      ...(line2 ? { line2 } : {}),
      city: v('address.city'),
      postal_code: v('address.postal_code'),
      country_code: v('address.country_code'),
    },
    vat_id: v('vat_id') || null,
    tax_registration_id: v('tax_registration_id') || null,
    legal_registration_id: group('legal_registration_id', ['scheme', 'value'], ['value']),
    electronic_address: group('electronic_address', ['scheme', 'value'], ['scheme', 'value']),
    contact: group('contact', ['name', 'phone', 'email']),
    payment_account: group('payment_account', ['iban', 'bic', 'account_name'], ['iban']),
  };
}

export interface Problem {
  path: string;
  message: string;
}

export function problemsOf(error: unknown): Problem[] {
  if (!(error instanceof DocexError) || error.code !== 'invalid_request') return [];
  const list = error.details?.errors;
  return Array.isArray(list)
    ? (list as Partial<Problem>[]).map((p) => ({ path: p.path ?? '', message: p.message ?? 'is invalid' }))
    : [];
}

/**
 * The required fields left empty, found before the answer: shown with the API's problems so every
 * problem of a save is beside its field at once, whatever the API names first.
 */
export function emptyRequired(values: Values): Problem[] {
  return ALL_FIELDS.filter((f) => f.required && (values[f.path] ?? '').trim() === '').map((f) => ({
    path: f.path,
    message: `${f.label} is required`,
  }));
}

/**
 * The empty required fields in the form's own words ("City is required"), then the API's problems
 * with the other fields: an empty field's problem is that it is empty, however the API words it.
 */
export function mergeProblems(local: Problem[], api: Problem[]): Problem[] {
  return [...local, ...api.filter((a) => !local.some((p) => p.path === a.path))];
}

/** The problems no field or group of the form shows (listed in the banner instead). */
function problemsElsewhere(problems: Problem[]): Problem[] {
  const fieldPaths = new Set(ALL_FIELDS.map((f) => f.path));
  const groupPaths = new Set(LEGAL_PROFILE_GROUPS.map((g) => g.path).filter(Boolean));
  return problems.filter((p) => !fieldPaths.has(p.path) && !groupPaths.has(p.path));
}

/**
 * How many places the form marks: one per field or group with a problem (two problems of one field
 * are one field to fix). A problem no field shows is listed in the banner, not counted with them: the
 * banner's "3 fields" is the three the user sees marked (issue 49: it said 4 with 3 marked).
 */
export function problemCount(problems: Problem[]): number {
  const elsewhere = new Set(problemsElsewhere(problems));
  return new Set(problems.filter((p) => !elsewhere.has(p)).map((p) => p.path)).size;
}

/**
 * The legal profile's fieldsets, each problem beside its field: the organization's own profile and an
 * external party's (the Customers & suppliers page) are the same form; `idPrefix` keeps their ids apart.
 */
export function ProfileFieldsets({
  values,
  setValues,
  problems,
  idPrefix = 'lp',
}: {
  values: Values;
  setValues: (update: (v: Values) => Values) => void;
  problems: Problem[];
  idPrefix?: string;
}) {
  const atField = (path: string) => problems.filter((p) => p.path === path);
  const atGroup = (path: string | undefined) => (path ? problems.filter((p) => p.path === path) : []);
  const fieldIdOf = (path: string) => legalProfileFieldId(path, idPrefix);
  return (
    <>
      {LEGAL_PROFILE_GROUPS.map((g) => {
        const groupProblems = atGroup(g.path);
        return (
          <fieldset key={g.legend} className="grid">
            <legend>{g.legend}</legend>
            {g.intro ? <p className="hint wide">{g.intro}</p> : null}
            {g.path === 'electronic_address' ? <VatAsAddress values={values} setValues={setValues} /> : null}
            {groupProblems.map((p) => (
              <span key={p.message} className="field-error wide" role="alert">
                {g.legend}: {p.message}
              </span>
            ))}
            {g.fields.map((f) => {
              const id = fieldIdOf(f.path);
              const mine = atField(f.path);
              return (
                <div key={f.path} className="field">
                  <label htmlFor={id}>
                    {f.label}
                    {f.required ? <span className="muted"> (required)</span> : null}
                  </label>
                  <FieldInput
                    f={f}
                    id={id}
                    value={values[f.path] ?? ''}
                    invalid={mine.length > 0}
                    onChange={(value) => setValues((v) => ({ ...v, [f.path]: value }))}
                  />
                  <span
                    id={`${id}-help`}
                    className="hint"
                    title={f.terms ? `EN 16931: ${f.terms}` : undefined}
                  >
                    {f.help}
                    <SchemeName f={f} value={values[f.path] ?? ''} />
                  </span>
                  {mine.length > 0 ? (
                    <span id={`${id}-err`} className="field-error" data-testid={`error-${f.path}`}>
                      {mine.map((p) => p.message).join('; ')}
                    </span>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
        );
      })}
    </>
  );
}

/** A field's control: a text input, the country picker, or a scheme offered by name from a list. */
function FieldInput({
  f,
  id,
  value,
  invalid,
  onChange,
}: {
  f: FieldDef;
  id: string;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  const common = {
    id,
    name: f.path,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': `${id}-help${invalid ? ` ${id}-err` : ''}`,
  } as const;
  if (f.kind === 'country') {
    const options = countries();
    const known = value === '' || options.some((o) => o.code === value.toUpperCase());
    return (
      <select
        {...common}
        autoComplete="country"
        value={value.toUpperCase()}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Choose a country</option>
        {/* A code the list does not name (typed before the picker) stays visible and selected. */}
        {known ? null : <option value={value.toUpperCase()}>{value.toUpperCase()}</option>}
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name} ({o.code})
          </option>
        ))}
      </select>
    );
  }
  const list =
    f.kind === 'registration-scheme'
      ? REGISTRATION_SCHEMES
      : f.kind === 'address-scheme'
        ? ADDRESS_SCHEMES
        : null;
  return (
    <>
      <input
        {...common}
        type={f.type ?? 'text'}
        autoComplete={f.autoComplete ?? 'off'}
        value={value}
        list={list ? `${id}-list` : undefined}
        className={f.upper ? 'upper' : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {list ? (
        <datalist id={`${id}-list`}>
          {list.map((o) => (
            <option key={o.code} value={o.code}>
              {o.name}
            </option>
          ))}
        </datalist>
      ) : null}
    </>
  );
}

let countryList: CodeOption[] | null = null;
function countries(): CodeOption[] {
  countryList ??= countryOptions();
  return countryList;
}

/** A scheme's code said in words under its field ("9930: German VAT number"). */
function SchemeName({ f, value }: { f: FieldDef; value: string }) {
  const list =
    f.kind === 'registration-scheme'
      ? REGISTRATION_SCHEMES
      : f.kind === 'address-scheme'
        ? ADDRESS_SCHEMES
        : null;
  if (!list || value.trim() === '') return null;
  const name = codeName(list, value);
  return (
    <strong className="scheme-name" data-testid={`scheme-name-${f.path}`}>
      {' '}
      {value.trim().toUpperCase()}: {name ?? 'a code of the standard list (not one of the common ones above)'}
      .
    </strong>
  );
}

/**
 * The sensible default of an electronic address: the VAT identifier, in its country's VAT scheme
 * (9930 for Germany…). Offered, not filled in: a person decides what the network routes on.
 */
function VatAsAddress({
  values,
  setValues,
}: {
  values: Values;
  setValues: (update: (v: Values) => Values) => void;
}) {
  const vat = (values.vat_id ?? '').replace(/\s+/g, '').toUpperCase();
  const scheme = vatAddressScheme(values['address.country_code'] ?? '');
  const empty =
    !(values['electronic_address.scheme'] ?? '').trim() && !(values['electronic_address.value'] ?? '').trim();
  if (!vat || !scheme || !empty) return null;
  return (
    <p className="wide">
      <button
        type="button"
        className="secondary"
        data-testid="vat-as-address"
        onClick={() =>
          setValues((v) => ({ ...v, 'electronic_address.scheme': scheme, 'electronic_address.value': vat }))
        }
      >
        Use the VAT identifier {vat} ({codeName(ADDRESS_SCHEMES, scheme)})
      </button>
    </p>
  );
}

/**
 * A sandbox: the live organization's legal profile copied in with one button (issue 49), so practice
 * e-invoices and payment files carry the company's real details without typing them twice.
 */
function CopyFromLive({ onCopied }: { onCopied: (o: Organization) => void }) {
  const action = useAction();
  const [done, setDone] = useState(false);
  const copy = () =>
    action.run(async () => {
      setDone(false);
      const org = await docex.POST('/v1/organization/legal_profile/copy_from_live', {
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      onCopied(org);
      setDone(true);
    });
  return (
    <div className="panel" data-testid="copy-from-live">
      <p className="small">
        This is your sandbox. Its e-invoices and payment files practise with this profile: copy your live
        organization's instead of typing it again (a copy: later changes to either stay their own).
      </p>
      <ConfirmButton
        className="secondary"
        question="Replace this sandbox's legal profile with your live organization's?"
        confirmLabel="Copy it"
        disabled={action.busy}
        onConfirm={() => void copy()}
      >
        Copy the live organization's legal profile
      </ConfirmButton>
      {done ? (
        <span className="outcome-ok" role="status">
          {' '}
          Copied from the live organization.
        </span>
      ) : null}
      <ErrorAlert error={action.error} title="Not copied" />
    </div>
  );
}

/** A document the user came from (?return=/documents/doc_…): only a document page of this app. */
function returnTarget(value: string | null): string | null {
  return value && /^\/documents\/[A-Za-z0-9_]{1,64}$/.test(value) ? value : null;
}

/** "Back to Invoice INV-000001" when the document is readable, "Back to the document" otherwise. */
function BackToDocument({ to }: { to: string }) {
  const id = to.slice('/documents/'.length);
  const doc = useAsync(() => docex.GET('/v1/documents/{id}', { params: { path: { id } } }), [id]);
  return (
    <Link to={to} className="button secondary" data-testid="back-to-document">
      Back to {doc.data ? `${doc.data.label} ${doc.data.number}` : 'the document'}
    </Link>
  );
}

export function LegalProfilePage() {
  usePageTitle('Legal profile');
  const org = useAsync(() => docex.GET('/v1/organization'), []);
  if (!org.data) {
    return (
      <section>
        <h1 tabIndex={-1}>Legal profile</h1>
        {org.error ? <ErrorAlert error={org.error} /> : <Loading what="the organization" />}
      </section>
    );
  }
  const saved = (o: Organization) => {
    // Dates follow the organization's country from the next render on (lib/locale.ts).
    setOrganizationCountry(o.legal_profile?.address?.country_code);
    org.set(o);
  };
  return <ProfileForm org={org.data} onSaved={saved} />;
}

function ProfileForm({ org, onSaved }: { org: Organization; onSaved: (o: Organization) => void }) {
  const [values, setValues] = useState<Values>(() => valuesOf(org.legal_profile));
  const [saved, setSaved] = useState(false);
  const [localProblems, setLocalProblems] = useState<Problem[]>([]);
  const action = useAction();
  const { search } = useLocation();
  const back = returnTarget(search.get('return'));
  const formRef = useRef<HTMLFormElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  // Saved: the outcome and the way back stay in view (on a phone they wrap below the button).
  useEffect(() => {
    if (saved) barRef.current?.scrollIntoView({ block: 'nearest' });
  }, [saved]);
  // /organization#lp-vat_id (from an e-invoice's "missing" list): that field takes the focus.
  useEffect(() => {
    const target = window.location.hash.slice(1);
    if (target.startsWith('lp-')) document.getElementById(target)?.focus();
  }, []);
  const problems = mergeProblems(localProblems, problemsOf(action.error));
  // After a refused save (each is a new error), the first field with a problem takes the focus and
  // scrolls into view: the user sees what to fix where they fix it, not a message far from it.
  useEffect(() => {
    if (!action.error) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [action.error]);
  const elsewhere = problemsElsewhere(problems);
  const count = problemCount(problems);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    setLocalProblems(emptyRequired(values));
    void action.run(async () => {
      // Through the app's own route: a refusal is an answer the form expects, not a failed request.
      const answer = await appApi('PATCH /organization', {
        body: bodyOf(values),
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      if (answer.refused) throw refusal(answer.refused, 400);
      setValues(valuesOf(answer.organization.legal_profile));
      setLocalProblems([]);
      onSaved(answer.organization);
      setSaved(true);
    });
  };

  return (
    <form ref={formRef} className="legal-profile" onSubmit={submit} aria-labelledby="lp-title" noValidate>
      <div className="page-head">
        <h1 id="lp-title" tabIndex={-1}>
          Legal profile
        </h1>
      </div>
      <p>
        What the structured e-invoices (UBL, CII, Factur-X) of <strong>{org.name}</strong> name it with: as
        the seller on what it issues, as the buyer on what it receives. Each document keeps the profiles it
        was issued with; a change applies to documents issued from now on (and to those issued while this
        organization had no profile).
      </p>
      <p className="muted small">
        Organization id <code>{org.id}</code> <CopyButton text={org.id} label="Copy this id" /> (
        {org.environment})
        {org.legal_profile ? '' : ' · no legal profile yet: e-invoices cannot be exported until it has one'}
      </p>
      {org.environment === 'sandbox' ? (
        <CopyFromLive
          onCopied={(o) => {
            setValues(valuesOf(o.legal_profile));
            setLocalProblems([]);
            onSaved(o);
          }}
        />
      ) : null}
      {problems.length > 0 ? (
        <div className="alert alert-error" role="alert" data-testid="profile-errors">
          {count > 0
            ? `Not saved: ${count === 1 ? 'one field needs' : `${count} fields need`} attention (shown beside ${count === 1 ? 'it' : 'them'}).`
            : 'Not saved:'}
          {elsewhere.length > 0 ? (
            <ul>
              {elsewhere.map((p) => (
                <li key={`${p.path}:${p.message}`}>{problemInWords(p)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        <ErrorAlert error={action.error} />
      )}
      {back ? (
        <p className="muted small">
          When the profile is complete, go back to the document to download its e-invoice.
        </p>
      ) : null}
      <ProfileFieldsets values={values} setValues={setValues} problems={problems} />
      <p className="hint">
        An optional section left empty is cleared. Countries, schemes, the VAT prefix and the IBAN's check
        digits are verified when you save.
      </p>
      <div className="actions-bar" ref={barRef}>
        <button type="submit" disabled={action.busy}>
          {action.busy ? 'Saving…' : 'Save legal profile'}
        </button>
        {/* Beside the button just pressed: the outcome where the user is looking. */}
        <span className="save-outcome" role="status" aria-live="polite" data-testid="save-outcome">
          {saved ? (
            <span className="outcome-ok">Legal profile saved.</span>
          ) : problems.length > 0 ? (
            <span className="outcome-err">
              {count > 0
                ? `Not saved: ${count === 1 ? 'one field needs' : `${count} fields need`} attention (marked above).`
                : 'Not saved (see above).'}
            </span>
          ) : null}
        </span>
        {back ? <BackToDocument to={back} /> : null}
      </div>
    </form>
  );
}
