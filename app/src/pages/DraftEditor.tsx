import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { CURRENCIES, isCurrency } from '../../../src/lib/currencies.ts';
import { defaultTaxCategory, TAX_CATEGORIES, TAX_CATEGORY_NAMES } from '../../../src/lib/tax-categories.ts';
import { docex, newIdempotencyKey } from '../api/client';
import type { Connection, Document } from '../api/types';
import { ConfirmButton } from '../components/ConfirmButton';
import { IssueWarning, useIssueReadiness } from '../components/IssueReadiness';
import { DateHint, ErrorAlert, Loading, Notice } from '../components/ui';
import { useAction, useAsync } from '../lib/hooks';
import {
  currencyForCountry,
  exampleNumber,
  localeForCountry,
  numberForInput,
  readLineNumbers,
  showMoney,
} from '../lib/locale';
import {
  type DraftLine,
  draftCategory,
  eInvoiceLineProblems,
  lineNeedsExemption,
  liveTotals,
  rateToPercent,
  toLineItems,
} from '../lib/money';
import { COMMON_UNITS } from '../lib/units';
import { CREATABLE } from '../lib/views';
import { lineProblemInWords } from '../lib/words';
import { Link, navigate, useLocation, usePageTitle } from '../router';
import { useApp } from '../session';

interface InputA11y {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

const TERMS = ['', 'due_on_receipt', 'net_7', 'net_15', 'net_30', 'net_45', 'net_60', 'net_90'];

const emptyLine = (): DraftLine => ({
  description: '',
  quantity: '1',
  unit_price: '',
  tax_percent: '0',
  sku: '',
  discount_type: '',
  discount_value: '',
  tax_category: '',
  tax_exemption_reason: '',
  tax_exemption_reason_code: '',
  unit_code: 'C62',
});

interface Form {
  connection_id: string;
  document_type: Document['document_type'];
  /** A document answers its currency as a string; the body takes one of CURRENCIES. */
  currency: string;
  document_date: string;
  payment_terms: string;
  issuer_ref: string;
  notes: string;
  lines: DraftLine[];
}

function fromDocument(d: Document, locale: string): Form {
  const n = (v: number | string) => numberForInput(v, locale);
  return {
    connection_id: d.connection_id,
    document_type: d.document_type,
    currency: d.currency,
    document_date: d.document_date,
    payment_terms: d.payment_terms ?? '',
    issuer_ref: d.external_refs.issuer_ref ?? '',
    notes: d.notes ?? '',
    lines: d.line_items.map((l) => ({
      description: l.description,
      quantity: n(l.quantity),
      unit_price: n(l.unit_price),
      tax_percent: n(rateToPercent(l.tax_rate)),
      sku: l.sku ?? '',
      discount_type: l.discount_type ?? '',
      discount_value: l.discount_value == null ? '' : n(l.discount_value),
      tax_category: draftCategory(l.tax_category, l.tax_rate),
      tax_exemption_reason: l.tax_exemption_reason ?? '',
      tax_exemption_reason_code: l.tax_exemption_reason_code ?? '',
      unit_code: l.unit_code ?? 'C62',
    })),
  };
}

/** The draft editor: a new draft, or an existing one (`id`) edited in place. */
export function DraftEditor({ id }: { id?: string }) {
  usePageTitle(id ? 'Edit draft' : 'New document');
  const connections = useAsync(
    () => docex.GET('/v1/connections', { params: { query: { status: 'active', limit: 100 } } }),
    [],
  );
  const existing = useAsync(
    () => (id ? docex.GET('/v1/documents/{id}', { params: { path: { id } } }) : Promise.resolve(null)),
    [id],
  );
  // /documents/new?from=<id>: a new document derived from an earlier one (lineage).
  // The organization's country decides the new document's currency and how numbers are written.
  const organization = useAsync(() => docex.GET('/v1/organization'), []);
  const { search } = useLocation();
  const fromId = id ? null : search.get('from');
  const source = useAsync(
    () =>
      fromId ? docex.GET('/v1/documents/{id}', { params: { path: { id: fromId } } }) : Promise.resolve(null),
    [fromId],
  );
  if (connections.error || existing.error || source.error || organization.error) {
    return (
      <section>
        <h1 tabIndex={-1}>{id ? 'Edit draft' : 'New document'}</h1>
        <ErrorAlert error={connections.error ?? existing.error ?? source.error ?? organization.error} />
      </section>
    );
  }
  if (!connections.data || existing.data === undefined || source.data === undefined || !organization.data) {
    return <Loading what="the editor" />;
  }
  if (existing.data && (existing.data.status !== 'draft' || existing.data.direction !== 'sent')) {
    return (
      <section>
        <h1 tabIndex={-1}>Edit draft</h1>
        <Notice tone="warn">
          {existing.data.number} is {existing.data.status}: issued documents cannot change.{' '}
          <Link to={`/documents/${existing.data.id}`}>Back to the document</Link>
        </Notice>
      </section>
    );
  }
  return (
    <Editor
      connections={connections.data.data}
      existing={existing.data}
      source={source.data}
      connectionId={search.get('connection')}
      country={organization.data.legal_profile?.address?.country_code ?? null}
    />
  );
}

function Editor({
  connections,
  existing,
  source,
  connectionId,
  country,
}: {
  connections: Connection[];
  existing: Document | null;
  source: Document | null;
  /** /documents/new?connection=<id>: the counterparty chosen beforehand (the first-run next steps). */
  connectionId: string | null;
  /** The organization's country (its legal profile's address), or null. */
  country: string | null;
}) {
  const locale = useMemo(() => localeForCountry(country), [country]);
  const [form, setForm] = useState<Form>(() =>
    existing
      ? fromDocument(existing, locale)
      : source
        ? {
            ...fromDocument(source, locale),
            document_type: 'invoice',
            document_date: '',
            payment_terms: source.payment_terms ?? 'net_30',
            issuer_ref: '',
          }
        : {
            connection_id: connections.find((c) => c.id === connectionId)?.id ?? connections[0]?.id ?? '',
            document_type: 'invoice',
            currency: currencyForCountry(country),
            document_date: '',
            payment_terms: 'net_30',
            issuer_ref: '',
            notes: '',
            lines: [emptyLine()],
          },
  );
  const [touched, setTouched] = useState(false);
  const action = useAction();
  // CONTRACT 9's line fields (VAT category, exemption reason, unit), when the deployment has them.
  const einvoice = useApp().features.has('lineTaxCategory');
  // Numbers as the organization's country writes them (95,00 in Germany), read before the checks.
  const read = useMemo(() => form.lines.map((l, i) => readLineNumbers(l, i, locale)), [form.lines, locale]);
  const lines = useMemo(() => read.map((r) => r.line), [read]);
  const numberProblems = read.flatMap((r) => r.problems);
  const totals = useMemo(() => liveTotals(lines), [lines]);
  const descriptionProblems = form.lines
    .map((l, i) =>
      l.description.trim() === '' ? { path: `line_items[${i}].description`, message: 'is required' } : null,
    )
    .filter((p) => p !== null);
  const einvoiceProblems = einvoice ? lines.flatMap((l, i) => eInvoiceLineProblems(l, i)) : [];
  // An unreadable number's hint (with an example in the locale's format) replaces "must be a number".
  const unread = new Set(numberProblems.map((p) => p.path));
  const problems = [
    ...descriptionProblems,
    ...numberProblems,
    ...totals.problems.filter((p) => !unread.has(p.path)),
    ...einvoiceProblems,
  ];
  // An invoice to a customer not on docex: warn, before the issue, when its email would lack the e-invoice.
  const readiness = useIssueReadiness(
    form.connection_id,
    form.document_type,
    lines.map((l) => l.tax_category || defaultTaxCategory(Number(l.tax_percent) || 0)),
    existing ? `/documents/${existing.id}/edit` : null,
  );
  const incomplete = (readiness?.missing?.length ?? 0) > 0;
  const problemFor = (i: number, field: string) => {
    const message = problems.find((p) => p.path === `line_items[${i}].${field}`)?.message;
    return message === undefined ? undefined : lineProblemInWords(message);
  };

  useEffect(() => {
    if (!form.connection_id && connections[0]) setForm((f) => ({ ...f, connection_id: connections[0]!.id }));
  }, [connections, form.connection_id]);

  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const setLine = (i: number, patch: Partial<DraftLine>) =>
    setForm((f) => ({ ...f, lines: f.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) }));

  const body = () => {
    const refs: Record<string, string> = existing ? { ...existing.external_refs } : {};
    if (form.issuer_ref.trim()) refs.issuer_ref = form.issuer_ref.trim();
    else delete refs.issuer_ref;
    if (!isCurrency(form.currency)) throw new Error(`${form.currency} is not a currency docex takes.`);
    return {
      ...(source && !existing ? { derived_from: source.id } : {}),
      line_items: toLineItems(lines, einvoice),
      currency: form.currency,
      payment_terms: form.payment_terms || null,
      ...(form.document_date ? { document_date: form.document_date } : {}),
      notes: form.notes.trim() || null,
      external_refs: refs,
    };
  };

  const save = (issue: boolean) => (e?: FormEvent) => {
    e?.preventDefault();
    setTouched(true);
    if (problems.length > 0) return;
    void action.run(async () => {
      const doc = existing
        ? await docex.PATCH('/v1/documents/{id}', {
            params: { path: { id: existing.id } },
            body: body(),
            headers: { 'Idempotency-Key': newIdempotencyKey() },
          })
        : await docex.POST('/v1/documents', {
            body: { connection_id: form.connection_id, document_type: form.document_type, ...body() },
            headers: { 'Idempotency-Key': newIdempotencyKey() },
          });
      if (issue)
        await docex.POST('/v1/documents/{id}/issue', {
          params: { path: { id: doc.id } },
          headers: { 'Idempotency-Key': newIdempotencyKey() },
        });
      navigate(`/documents/${doc.id}`);
    });
  };

  if (connections.length === 0 && !existing) {
    return (
      <section>
        <h1 tabIndex={-1}>New document</h1>
        <Notice>
          Documents live on active connections, and this organization has none yet.{' '}
          <Link to="/connections">Connect to an organization</Link> or{' '}
          <Link to="/sandbox">use the sandbox</Link>.
        </Notice>
      </section>
    );
  }

  const m = (amount: string | null) => (amount === null ? '—' : showMoney(amount, form.currency, locale));
  return (
    <form className="editor" onSubmit={save(false)} aria-labelledby="editor-title" noValidate>
      <div className="page-head">
        <h1 id="editor-title" tabIndex={-1}>
          {existing ? `Edit ${existing.label} ${existing.number}` : 'New document'}
        </h1>
      </div>
      {source && !existing ? (
        <Notice>
          Derived from {source.label} <Link to={`/documents/${source.id}`}>{source.number}</Link>: its lines
          are copied, and the new document's lineage leads back to it.
        </Notice>
      ) : null}
      <ErrorAlert error={action.error} />
      <fieldset className="grid">
        <legend>Document</legend>
        <div className="field">
          <label htmlFor="ed-conn">Counterparty</label>
          <select
            id="ed-conn"
            value={form.connection_id}
            disabled={!!existing}
            onChange={(e) => set('connection_id', e.target.value)}
          >
            {connections.map((c) => (
              <option key={c.id} value={c.id}>
                {c.counterparty.name}
              </option>
            ))}
            {existing && !connections.some((c) => c.id === existing.connection_id) ? (
              <option value={existing.connection_id}>{existing.counterparty.name}</option>
            ) : null}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ed-type">Type</label>
          <select
            id="ed-type"
            value={form.document_type}
            disabled={!!existing}
            onChange={(e) => {
              const picked = CREATABLE.find((t) => t.type === e.target.value);
              if (picked) set('document_type', picked.type);
            }}
          >
            {CREATABLE.map((t) => (
              <option key={t.type} value={t.type}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ed-currency">Currency</label>
          <select id="ed-currency" value={form.currency} onChange={(e) => set('currency', e.target.value)}>
            {CURRENCIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ed-date">Document date</label>
          <input
            id="ed-date"
            type="date"
            value={form.document_date}
            aria-describedby="ed-date-hint"
            onChange={(e) => set('document_date', e.target.value)}
          />
          <DateHint id="ed-date-hint" value={form.document_date} empty="Empty means today." />
        </div>
        <div className="field">
          <label htmlFor="ed-terms">Payment terms</label>
          <select
            id="ed-terms"
            value={form.payment_terms}
            onChange={(e) => set('payment_terms', e.target.value)}
          >
            {TERMS.map((t) => (
              <option key={t} value={t}>
                {t === '' ? 'None' : t.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="ed-ref">Your reference</label>
          <input
            id="ed-ref"
            value={form.issuer_ref}
            aria-describedby="ed-ref-hint"
            onChange={(e) => set('issuer_ref', e.target.value)}
          />
          <span id="ed-ref-hint" className="hint">
            Your own number for this document, from your own system; searching the documents finds it.
          </span>
        </div>
        <div className="field wide">
          <label htmlFor="ed-notes">Notes</label>
          <textarea
            id="ed-notes"
            rows={2}
            value={form.notes}
            onChange={(e) => set('notes', e.target.value)}
          />
        </div>
      </fieldset>

      <fieldset>
        <legend>Lines</legend>
        <p className="hint" data-testid="number-format">
          Numbers are written like {exampleNumber(locale)}
          {country ? ' (the format of your legal profile’s country)' : ''}; amounts are in {form.currency}.
        </p>
        <ol className="lines">
          {form.lines.map((l, i) => {
            const n = i + 1;
            // A problem shows once the field has content, or for every field after a save attempt.
            const shown = (name: keyof DraftLine, key: string) =>
              touched || l[name] !== '' ? problemFor(i, key) : undefined;
            const field = (
              name: keyof DraftLine,
              label: string,
              input: (a: InputA11y) => ReactNode,
              key: string = name,
            ) => {
              const problem = shown(name, key);
              const errId = `ln-${i}-${name}-err`;
              return (
                <div className={`field f-${name}`}>
                  <label htmlFor={`ln-${i}-${name}`}>
                    {label}
                    <span className="sr-only"> (line {n})</span>
                  </label>
                  {input({
                    id: `ln-${i}-${name}`,
                    'aria-invalid': problem ? true : undefined,
                    'aria-describedby': problem ? errId : undefined,
                  })}
                  {problem ? (
                    <span id={errId} className="field-error">
                      {problem}
                    </span>
                  ) : null}
                </div>
              );
            };
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity until saved.
              <li key={i} className="line" aria-label={`Line ${n}`}>
                {field('description', 'Description', (a) => (
                  <input
                    {...a}
                    value={l.description}
                    onChange={(e) => setLine(i, { description: e.target.value })}
                  />
                ))}
                {field('quantity', 'Quantity', (a) => (
                  <input
                    {...a}
                    inputMode="decimal"
                    value={l.quantity}
                    onChange={(e) => setLine(i, { quantity: e.target.value })}
                  />
                ))}
                {field('unit_price', 'Unit price', (a) => (
                  <input
                    {...a}
                    inputMode="decimal"
                    value={l.unit_price}
                    onChange={(e) => setLine(i, { unit_price: e.target.value })}
                  />
                ))}
                {field(
                  'tax_percent',
                  'Tax %',
                  (a) => (
                    <input
                      {...a}
                      inputMode="decimal"
                      value={l.tax_percent}
                      onChange={(e) => setLine(i, { tax_percent: e.target.value })}
                    />
                  ),
                  'tax_rate',
                )}
                {field('discount_type', 'Discount', (a) => (
                  <select
                    {...a}
                    value={l.discount_type}
                    onChange={(e) =>
                      setLine(i, { discount_type: e.target.value as DraftLine['discount_type'] })
                    }
                  >
                    <option value="">None</option>
                    <option value="percent">Percent</option>
                    <option value="fixed">Fixed amount</option>
                  </select>
                ))}
                {field('discount_value', 'Discount value', (a) => (
                  <input
                    {...a}
                    inputMode="decimal"
                    value={l.discount_value}
                    disabled={l.discount_type === ''}
                    onChange={(e) => setLine(i, { discount_value: e.target.value })}
                  />
                ))}
                {field('sku', 'SKU', (a) => (
                  <input {...a} value={l.sku} onChange={(e) => setLine(i, { sku: e.target.value })} />
                ))}
                {einvoice
                  ? field('unit_code', 'Unit', (a) => (
                      <select
                        {...a}
                        value={l.unit_code}
                        title="The unit the quantity counts (its UN/ECE code is sent)"
                        onChange={(e) => setLine(i, { unit_code: e.target.value })}
                      >
                        {COMMON_UNITS.map((u) => (
                          <option key={u.code} value={u.code}>
                            {u.name}
                          </option>
                        ))}
                        {/* A unit outside the list (an imported line's) stays as it is. */}
                        {l.unit_code && !COMMON_UNITS.some((u) => u.code === l.unit_code) ? (
                          <option value={l.unit_code}>{l.unit_code}</option>
                        ) : null}
                      </select>
                    ))
                  : null}
                {einvoice
                  ? field('tax_category', 'VAT category', (a) => (
                      <select
                        {...a}
                        value={l.tax_category}
                        onChange={(e) =>
                          setLine(i, { tax_category: e.target.value as DraftLine['tax_category'] })
                        }
                      >
                        <option value="">Automatic (standard rate when taxed, zero rated at 0%)</option>
                        {TAX_CATEGORIES.map((c) => (
                          <option key={c} value={c}>
                            {TAX_CATEGORY_NAMES[c]}
                          </option>
                        ))}
                      </select>
                    ))
                  : null}
                {einvoice && lineNeedsExemption(l)
                  ? field('tax_exemption_reason', 'Exemption reason', (a) => (
                      <input
                        {...a}
                        value={l.tax_exemption_reason}
                        placeholder="e.g. Reverse charge"
                        onChange={(e) => setLine(i, { tax_exemption_reason: e.target.value })}
                      />
                    ))
                  : null}
                {einvoice && lineNeedsExemption(l)
                  ? field('tax_exemption_reason_code', 'Exemption code (VATEX)', (a) => (
                      <input
                        {...a}
                        value={l.tax_exemption_reason_code}
                        placeholder="VATEX-EU-AE"
                        onChange={(e) => setLine(i, { tax_exemption_reason_code: e.target.value })}
                      />
                    ))
                  : null}
                <div className="line-amounts" aria-live="polite">
                  <span>
                    Net <output data-testid={`line-${n}-net`}>{m(totals.lines[i]?.net ?? null)}</output>
                  </span>
                  <span>
                    Tax <output>{m(totals.lines[i]?.tax ?? null)}</output>
                  </span>
                </div>
                <button
                  type="button"
                  className="link"
                  disabled={form.lines.length === 1}
                  onClick={() =>
                    set(
                      'lines',
                      form.lines.filter((_, j) => j !== i),
                    )
                  }
                >
                  Remove line {n}
                </button>
              </li>
            );
          })}
        </ol>
        <button
          type="button"
          className="secondary"
          disabled={form.lines.length >= 200}
          onClick={() => set('lines', [...form.lines, emptyLine()])}
        >
          Add line
        </button>
      </fieldset>

      <dl className="totals" aria-label="Totals (live)" aria-live="polite">
        <dt>Subtotal</dt>
        <dd data-testid="live-subtotal">{m(totals.subtotal)}</dd>
        <dt>Tax</dt>
        <dd data-testid="live-tax">{m(totals.tax)}</dd>
        <dt>Total</dt>
        <dd className="total" data-testid="live-total">
          {m(totals.total)}
        </dd>
      </dl>
      <p className="hint">
        Totals are worked out exactly as the service does: each line is rounded to the cent, and its tax is
        worked out line by line.
      </p>
      <IssueWarning readiness={readiness} />
      {touched && problems.length > 0 ? (
        <div className="alert alert-error" role="alert">
          Fix the highlighted fields: {problems.length} problem{problems.length === 1 ? '' : 's'}.
        </div>
      ) : null}
      <div className="actions-bar">
        <button type="submit" className="secondary" disabled={action.busy}>
          Save draft
        </button>
        {incomplete ? (
          <ConfirmButton
            question="Issue it without its e-invoice?"
            confirmLabel="Save and issue without e-invoice"
            disabled={action.busy}
            onConfirm={() => save(true)()}
          >
            Save and issue
          </ConfirmButton>
        ) : (
          <button type="button" disabled={action.busy} onClick={save(true)}>
            Save and issue
          </button>
        )}
        <Link to={existing ? `/documents/${existing.id}` : '/documents'}>Cancel</Link>
      </div>
    </form>
  );
}
