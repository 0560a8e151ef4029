// Reviewing a captured invoice (CONTRACT 13, issue 51 item 5): the file's page beside the fields read
// from it (above them at a phone's width), each value's box drawn on the page, low confidence marked.
// A value is corrected by typing, or by clicking the words on the page while its field is the one
// being edited. Confirm sends only what changed (`fields`: the corrections, a fresh Idempotency-Key
// per attempt) and the bill it makes is linked; Reject asks why. Keyboard: the fields in tab order,
// Enter moves to the next field and confirms from the last, "Pick" reads a word from the page with
// the arrow keys, Escape cancels a pick.
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import type { Capture, CaptureFieldName } from '../api/captures';
import { DocexError, docex, isEndedRequest, newIdempotencyKey } from '../api/client';
import { CapturePageView, type PickState } from '../components/CapturePageView';
import { ErrorAlert, formatTime, Loading, Notice } from '../components/ui';
import {
  corrections,
  FIELD_GROUPS,
  FIELDS,
  type FieldSpec,
  initialText,
  normalize,
  REQUIRED,
  sentence,
} from '../lib/capture-fields';
import { capturesChanged } from '../lib/captures-count';
import { useAction, useAsync } from '../lib/hooks';
import { showMoney } from '../lib/locale';
import { Link, usePageTitle } from '../router';
import { useApp } from '../session';
import { CAPTURE_STATUS_WORDS } from './Captures';

type Texts = Partial<Record<CaptureFieldName, string>>;
type Problems = Partial<Record<CaptureFieldName, string>>;

const FIELD_NAMES = new Set<string>(FIELDS.map((f) => f.name));

/**
 * The fields a refusal names, each with its message: `details.errors[].path` ("fields.total",
 * "total"), or `details.missing` / `details.fields` (names), whichever the API gives.
 */
function problemsOf(err: unknown): Problems {
  const out: Problems = {};
  if (!(err instanceof DocexError) || err.status !== 400) return out;
  const d = (err.details ?? {}) as Record<string, unknown>;
  const name = (path: string) =>
    path
      .split(/[./[\]]/)
      .reverse()
      .find((p) => FIELD_NAMES.has(p)) as CaptureFieldName | undefined;
  if (Array.isArray(d.errors)) {
    for (const e of d.errors as { path?: string; message?: string }[]) {
      const f = e.path ? name(e.path) : undefined;
      if (f) out[f] = e.message ?? 'is not valid';
    }
  }
  for (const key of ['missing', 'fields']) {
    const list = d[key];
    if (Array.isArray(list))
      for (const n of list)
        if (typeof n === 'string' && FIELD_NAMES.has(n)) out[n as CaptureFieldName] ??= 'is required';
  }
  return out;
}

export function CaptureReviewPage({ id }: { id: string }) {
  const capture = useAsync<Capture>(() => docex.GET('/v1/captures/{id}', { params: { path: { id } } }), [id]);
  usePageTitle(capture.data ? `Review ${capture.data.file.filename}` : 'Review');
  if (capture.error) {
    return (
      <section>
        <h1 tabIndex={-1}>Review</h1>
        <ErrorAlert error={capture.error} />
        <p>
          <Link to="/captures">Back to the invoices to review</Link>
        </p>
      </section>
    );
  }
  if (!capture.data) return <Loading what="the invoice" />;
  return <Review key={capture.data.id} capture={capture.data} reload={capture.reload} />;
}

/** The page a review starts on: where the first field that needs an eye was read. */
function firstPage(capture: Capture): number {
  for (const f of FIELDS) {
    const v = capture.fields[f.name];
    if (v && v.confidence === 'low' && v.page >= 1) return v.page;
  }
  return 1;
}

/** The field a review starts with: the first required one missing or low, else the first. */
function firstField(capture: Capture): CaptureFieldName {
  const need = FIELDS.find((f) => {
    const v = capture.fields[f.name];
    return (REQUIRED.has(f.name) && !v) || v?.confidence === 'low';
  });
  return (need ?? FIELDS[0]!).name;
}

function Review({ capture, reload }: { capture: Capture; reload: () => Promise<void> }) {
  const { features } = useApp();
  const open = capture.status === 'needs_review';
  const [texts, setTexts] = useState<Texts>(() =>
    Object.fromEntries(FIELDS.map((f) => [f.name, initialText(capture, f.name)])),
  );
  const [page, setPage] = useState(() => firstPage(capture));
  const [pick, setPick] = useState<PickState>(() => ({ field: firstField(capture), picking: false }));
  const [problems, setProblems] = useState<Problems>({});
  const inputs = useRef<Partial<Record<CaptureFieldName, HTMLInputElement | null>>>({});
  // The words taken in a row for one field (Shift+click), as printed: "1 234,56" read as two words.
  const picked = useRef<{ field: CaptureFieldName | null; raw: string }>({ field: null, raw: '' });
  const confirm = useAction();
  const [done, setDone] = useState<'confirmed' | 'rejected' | null>(null);
  const [dropBreakdown, setDropBreakdown] = useState(false);

  const specOf = (name: CaptureFieldName) => FIELDS.find((f) => f.name === name)!;

  /** The field being edited: its box highlighted, its page shown, the words' clicks go to it. */
  const activate = (name: CaptureFieldName) => {
    setPick((p) => (p.field === name && !p.picking ? p : { field: name, picking: false }));
    const v = capture.fields[name];
    // A value typed at confirmation was read nowhere (page 0): the page stays.
    if (v && v.page >= 1 && v.page !== page) setPage(v.page);
  };

  const take = (text: string, append: boolean) => {
    const name = pick.field;
    if (!name || !open) return;
    const raw = append && picked.current.field === name ? `${picked.current.raw} ${text}` : text;
    picked.current = { field: name, raw };
    setTexts((t) => ({ ...t, [name]: normalize(specOf(name).kind, raw) }));
    setProblems((p) => ({ ...p, [name]: undefined }));
    setPick({ field: name, picking: false });
    inputs.current[name]?.focus();
  };

  const cancelPick = () => {
    const name = pick.field;
    setPick((p) => ({ ...p, picking: false }));
    if (name) inputs.current[name]?.focus();
  };

  const startPick = (name: CaptureFieldName) => {
    const v = capture.fields[name];
    if (v && v.page >= 1 && v.page !== page) setPage(v.page);
    setPick({ field: name, picking: true });
  };

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!open || !features.has('confirmCapture')) return;
    // What confirming needs is checked here first, so an empty required field is named beside
    // itself at once; the API checks it again, and its own 400 is shown the same way.
    const missing: Problems = {};
    for (const name of REQUIRED)
      if (normalize(specOf(name).kind, texts[name] ?? '') === '')
        missing[name] = `${name} is required to confirm`;
    setProblems(missing);
    const first = FIELDS.find((f) => missing[f.name]);
    if (first) {
      inputs.current[first.name]?.focus();
      return;
    }
    void confirm.run(async () => {
      const fields = corrections(capture, texts, dropBreakdown);
      try {
        await docex.POST('/v1/captures/{id}/confirm', {
          params: { path: { id: capture.id } },
          body: Object.keys(fields).length ? { fields } : {},
          // A fresh key per attempt: a retry after a refusal is a new request with new corrections.
          headers: { 'Idempotency-Key': newIdempotencyKey() },
        });
      } catch (err) {
        if (isEndedRequest(err)) return;
        const named = problemsOf(err);
        setProblems(named);
        const f = FIELDS.find((x) => named[x.name]);
        if (f) inputs.current[f.name]?.focus();
        throw err;
      }
      setDone('confirmed');
      capturesChanged();
      await reload();
    });
  };

  const onFieldKey = (e: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (e.key === 'Escape' && pick.picking) {
      e.preventDefault();
      cancelPick();
    } else if (e.key === 'Enter') {
      // Enter moves on like a paper form; from the last field it confirms.
      e.preventDefault();
      const next = FIELDS[index + 1];
      if (next) inputs.current[next.name]?.focus();
      else submit();
    }
  };

  const total = capture.fields.total;
  const currency = capture.fields.currency?.value;
  return (
    <section className="capture-review" aria-labelledby="capture-title">
      <div className="page-head">
        <h1 id="capture-title" tabIndex={-1}>
          Review {capture.file.filename}
        </h1>
        <Link to="/captures">All invoices to review</Link>
      </div>
      <p className="muted small">
        <span className={`badge capture-${capture.status}`} data-testid="capture-status">
          {CAPTURE_STATUS_WORDS[capture.status]}
        </span>{' '}
        Received {formatTime(capture.created_at)}
        {capture.file.pages === null ? '' : `; ${readWords(capture.file.pages, capture.method)}`}
        {total && currency ? `; total read ${showMoney(total.value, currency)}` : ''}.
      </p>
      <Outcome capture={capture} done={done} />
      <div className="capture-layout">
        {capture.file.pages === null ? (
          // A file the reader refused has no pages to show (CONTRACT 13: rejected with its reason).
          <Notice tone="warn">docex could not read this file, so it has no page to show.</Notice>
        ) : (
          <CapturePageView
            capture={capture}
            n={page}
            onPage={setPage}
            pick={pick}
            onTake={take}
            onCancelPick={cancelPick}
          />
        )}
        <form className="capture-fields" onSubmit={submit} noValidate aria-label="Fields read">
          <p className="muted small">
            Values marked <span className="badge low-confidence">check</span> were read without certainty;
            fields marked * are needed to confirm.
          </p>
          {FIELD_GROUPS.map((g) => (
            <fieldset key={g.legend}>
              <legend>{g.legend}</legend>
              {g.fields.map((f) => (
                <FieldRow
                  key={f.name}
                  spec={f}
                  capture={capture}
                  text={texts[f.name] ?? ''}
                  problem={problems[f.name]}
                  active={pick.field === f.name}
                  readOnly={!open}
                  inputRef={(el) => {
                    inputs.current[f.name] = el;
                  }}
                  onChange={(v) => {
                    picked.current = { field: null, raw: '' };
                    setTexts((t) => ({ ...t, [f.name]: v }));
                    setProblems((p) => ({ ...p, [f.name]: undefined }));
                  }}
                  onFocus={() => activate(f.name)}
                  onKeyDown={(e) => onFieldKey(e, FIELDS.indexOf(f))}
                  onPick={() => startPick(f.name)}
                />
              ))}
              {g.legend === 'Amounts' ? (
                <Breakdown capture={capture} open={open} dropped={dropBreakdown} onDrop={setDropBreakdown} />
              ) : null}
            </fieldset>
          ))}
          <Lines capture={capture} />
          {open ? (
            <div className="actions-bar capture-actions">
              {features.has('confirmCapture') ? (
                <button type="submit" disabled={confirm.busy}>
                  {confirm.busy ? 'Confirming…' : 'Confirm and make the bill'}
                </button>
              ) : (
                <span className="muted">Confirming is not available on this deployment yet.</span>
              )}
              <RejectControl capture={capture} onRejected={() => setDone('rejected')} reload={reload} />
            </div>
          ) : null}
          <ErrorAlert error={confirm.error} title="Not confirmed" />
        </form>
      </div>
    </section>
  );
}

/** "2 pages, read by OCR". */
function readWords(pages: number, method: Capture['method']): string {
  const how =
    method === 'ocr'
      ? 'read by OCR'
      : method === 'mixed'
        ? 'read from text and by OCR'
        : 'read from its text';
  return `${pages} ${pages === 1 ? 'page' : 'pages'}, ${how}`;
}

function FieldRow({
  spec,
  capture,
  text,
  problem,
  active,
  readOnly,
  inputRef,
  onChange,
  onFocus,
  onKeyDown,
  onPick,
}: {
  spec: FieldSpec;
  capture: Capture;
  text: string;
  problem: string | undefined;
  active: boolean;
  readOnly: boolean;
  inputRef: (el: HTMLInputElement | null) => void;
  onChange: (v: string) => void;
  onFocus: () => void;
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
  onPick: () => void;
}) {
  const v = capture.fields[spec.name];
  const id = `cf-${spec.name}`;
  const required = REQUIRED.has(spec.name);
  const changed = normalize(spec.kind, text) !== initialText(capture, spec.name);
  const hints = [`${id}-hint`, problem ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div
      className={active ? 'capture-field active' : 'capture-field'}
      data-field={spec.name}
      data-confidence={v?.confidence ?? 'none'}
    >
      <label htmlFor={id}>
        {spec.label}
        {required ? <span aria-hidden="true"> *</span> : null}
        {v?.confidence === 'low' && !changed ? (
          <span className="badge low-confidence" data-testid="low-confidence">
            check
          </span>
        ) : null}
      </label>
      <div className="capture-input-row">
        <input
          id={id}
          ref={inputRef}
          value={text}
          required={required}
          readOnly={readOnly}
          aria-invalid={problem ? 'true' : undefined}
          aria-describedby={hints}
          inputMode={spec.kind === 'money' ? 'decimal' : undefined}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
          onFocus={onFocus}
          onKeyDown={onKeyDown}
        />
        {readOnly ? null : (
          <button
            type="button"
            className="secondary pick"
            aria-label={`Pick ${spec.label} from the page`}
            title="Pick a word on the page (arrow keys, Enter; Escape cancels)"
            onClick={onPick}
          >
            Pick
          </button>
        )}
      </div>
      <span className="hint" id={`${id}-hint`}>
        {hintOf(spec, capture, text, changed)}
      </span>
      {problem ? (
        <span className="field-error" id={`${id}-error`} data-testid="field-error">
          {sentence(spec.name, problem)}
        </span>
      ) : null}
    </div>
  );
}

function hintOf(spec: FieldSpec, capture: Capture, text: string, changed: boolean): string {
  const v = capture.fields[spec.name];
  const typed = normalize(spec.kind, text);
  const parts: string[] = [];
  if (changed) parts.push(v ? `Corrected; read as “${v.text}”.` : 'Added by you.');
  else if (!v) parts.push('Not found on the page.');
  else if (v.text && v.text !== text) parts.push(`Printed as “${v.text}”.`);
  if (typed !== '' && typed !== text.trim()) parts.push(`Sent as ${typed}.`);
  if (spec.kind === 'date' && parts.length === 0) parts.push('YYYY-MM-DD');
  return parts.join(' ');
}

/**
 * The VAT breakdown read, as a table. It is not typed into (rows of rate, net and tax); when it is
 * wrong, the person leaves it out and the bill gets one line for the whole (CONTRACT 13).
 */
function Breakdown({
  capture,
  open,
  dropped,
  onDrop,
}: {
  capture: Capture;
  open: boolean;
  dropped: boolean;
  onDrop: (drop: boolean) => void;
}) {
  const b = capture.fields.tax_breakdown;
  if (!b || b.value.length === 0) return null;
  const currency = capture.fields.currency?.value;
  const money = (s: string) => (currency ? showMoney(s, currency) : s);
  return (
    <div className="table-wrap">
      <table className="stack capture-breakdown">
        <caption>VAT breakdown{b.confidence === 'low' ? ' (read without certainty)' : ''}</caption>
        <thead>
          <tr>
            <th scope="col">Rate</th>
            <th scope="col">Net</th>
            <th scope="col">VAT</th>
          </tr>
        </thead>
        <tbody>
          {b.value.map((r) => (
            <tr key={`${r.rate}-${r.net}`}>
              <td data-label="Rate">{r.rate} %</td>
              <td data-label="Net" className="num">
                {money(r.net)}
              </td>
              <td data-label="VAT" className="num">
                {money(r.tax)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {open ? (
        <div className="check">
          <input
            id="drop-breakdown"
            type="checkbox"
            checked={dropped}
            onChange={(e) => onDrop(e.target.checked)}
          />
          <label htmlFor="drop-breakdown">Leave this breakdown out: it was not read right</label>
        </div>
      ) : null}
    </div>
  );
}

function Lines({ capture }: { capture: Capture }) {
  if (capture.lines.length === 0)
    return (
      <p className="muted small">
        No table of lines was read: the bill gets one line per VAT rate, or one for the whole.
      </p>
    );
  const currency = capture.fields.currency?.value;
  const money = (s: string) => (currency ? showMoney(s, currency) : s);
  return (
    <div className="table-wrap">
      <table className="stack capture-lines">
        <caption>Lines read</caption>
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col">Quantity</th>
            <th scope="col">Unit price</th>
            <th scope="col">Net</th>
            <th scope="col">VAT %</th>
          </tr>
        </thead>
        <tbody>
          {capture.lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a capture's lines never reorder.
            <tr key={i}>
              <td data-label="Description" className="wrap-anywhere">
                {l.description}
              </td>
              <td data-label="Quantity" className="num">
                {l.quantity}
              </td>
              <td data-label="Unit price" className="num">
                {money(l.unit_price)}
              </td>
              <td data-label="Net" className="num">
                {money(l.net)}
              </td>
              <td data-label="VAT %" className="num">
                {l.tax_rate ?? '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What became of the capture: the bill it made, the one it repeats, or that it was closed. */
function Outcome({ capture, done }: { capture: Capture; done: 'confirmed' | 'rejected' | null }) {
  if (capture.status === 'confirmed' && capture.document_id) {
    return (
      <Notice tone="success">
        {done === 'confirmed' ? 'Confirmed. ' : `Confirmed ${formatTime(capture.confirmed_at)}. `}
        <Link to={`/documents/${capture.document_id}`} data-testid="capture-bill">
          Open the bill
        </Link>
      </Notice>
    );
  }
  if (capture.status === 'duplicate') {
    return (
      <Notice tone="warn">
        This invoice was received before
        {capture.duplicate_of ? (
          <>
            : <Link to={`/documents/${capture.duplicate_of}`}>the earlier bill</Link>
          </>
        ) : null}
        . Nothing new is made from it.
      </Notice>
    );
  }
  if (capture.status === 'rejected') {
    const by = capture.rejected_by?.kind === 'capture_auto' ? ' by docex' : '';
    const at = capture.rejected_at ? ` ${formatTime(capture.rejected_at)}` : '';
    return (
      <Notice tone="info">
        {done === 'rejected' ? 'Rejected.' : `This invoice was rejected${at}${by}.`} No bill is made from it.
        {capture.rejected_reason ? (
          <span data-testid="capture-rejected-reason"> Reason: {capture.rejected_reason}</span>
        ) : null}
      </Notice>
    );
  }
  return null;
}

function RejectControl({
  capture,
  onRejected,
  reload,
}: {
  capture: Capture;
  onRejected: () => void;
  reload: () => Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [empty, setEmpty] = useState(false);
  const action = useAction();
  const reject = () => {
    if (reason.trim() === '') {
      setEmpty(true);
      return;
    }
    void action.run(async () => {
      await docex.POST('/v1/captures/{id}/reject', {
        params: { path: { id: capture.id } },
        body: { reason: reason.trim() },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      onRejected();
      capturesChanged();
      await reload();
    });
  };
  if (!asking) {
    return (
      <button type="button" className="secondary" onClick={() => setAsking(true)}>
        Reject…
      </button>
    );
  }
  return (
    <fieldset
      className="confirm capture-reject"
      onKeyDown={(e) => {
        if (e.key === 'Escape') setAsking(false);
      }}
    >
      <legend>Reject this invoice: no bill is made from it.</legend>
      <label htmlFor="reject-reason">Why (kept with the capture)</label>
      <textarea
        id="reject-reason"
        // The question takes the button's place: its first field takes the focus.
        // biome-ignore lint/a11y/noAutofocus: moved here by the person's own click.
        autoFocus
        rows={2}
        value={reason}
        aria-invalid={empty ? 'true' : undefined}
        aria-describedby={empty ? 'reject-reason-error' : undefined}
        onChange={(e) => {
          setReason(e.target.value);
          setEmpty(false);
        }}
      />
      {empty ? (
        <span className="field-error" id="reject-reason-error">
          Say why, for whoever reads it later.
        </span>
      ) : null}
      <div className="row-actions">
        <button type="button" className="danger" disabled={action.busy} onClick={reject}>
          Reject this invoice
        </button>
        <button type="button" className="secondary" onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
      <ErrorAlert error={action.error} />
    </fieldset>
  );
}
