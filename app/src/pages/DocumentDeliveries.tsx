// The delivery timeline of a document issued to an external party (issue 38, CONTRACT 11.2):
// each email with its status in words, when and to whom, the last attempt's trouble in words, the
// e-invoice files left out (and why), "Download .eml" (the exact message handed to SMTP), and
// "Send again" to the party's address or another one.
import { type FormEvent, useState } from 'react';
import { docex, newIdempotencyKey } from '../api/client';
import type { Document, EmailDelivery } from '../api/types';
import { ErrorAlert, formatTime, Loading, Notice } from '../components/ui';
import { saveBytes } from '../lib/files';
import { useAction, useAsync, useInterval } from '../lib/hooks';
import { useApp } from '../session';
import { legalProfileFieldLabel } from './LegalProfile';

/** A queued email is composed and sent (or, in the sandbox, simulated) by the worker within seconds. */
const POLL_MS = 2000;
/** Stop watching a queued email after this long (a live one may wait for its retry schedule). */
const WATCH_FOR_MS = 3 * 60 * 1000;

/** Whether a document went to a business that is not on docex: its counterparty is an xp_ party. */
export function toExternalParty(doc: Document): boolean {
  return doc.direction === 'sent' && doc.status !== 'draft' && doc.counterparty.id.startsWith('xp_');
}

const KIND: Record<EmailDelivery['kind'], string> = {
  document: 'The document',
  void_notice: 'Notice of the void',
  status_notice: 'Notice of a status change',
  message: 'A message',
  claim_code: 'A claim code',
};

/** The status in words; a delivered message the recipient opened reads "viewed". */
function statusWords(d: EmailDelivery): { label: string; tone: string; when: string | null } {
  if (d.viewed_at) return { label: 'Viewed', tone: 'viewed', when: d.viewed_at };
  switch (d.status) {
    case 'queued':
      return { label: 'Queued', tone: 'queued', when: d.created_at };
    case 'sent':
      return { label: 'Sent', tone: 'sent', when: d.sent_at };
    case 'failed':
      return { label: 'Failed', tone: 'failed', when: d.attempts.at(-1)?.at ?? d.created_at };
    case 'bounced':
      return { label: 'Bounced', tone: 'failed', when: d.attempts.at(-1)?.at ?? d.sent_at };
    case 'simulated':
      return { label: 'Simulated (sandbox)', tone: 'simulated', when: d.sent_at ?? d.created_at };
  }
}

/** What went wrong last, in words: the bounce, the last attempt's answer or error, or last_error. */
function trouble(d: EmailDelivery): string | null {
  if (d.status === 'bounced') {
    return `The recipient's mail server sent it back${d.bounce_status ? ` (status ${d.bounce_status})` : ''}.`;
  }
  const last = d.attempts.at(-1);
  if (last && (d.status === 'failed' || d.status === 'queued')) {
    if (last.error) return `Last attempt ${formatTime(last.at)}: ${last.error}.`;
    if (last.smtp_code !== null && last.smtp_code !== 250) {
      return `Last attempt ${formatTime(last.at)}: the mail server answered ${last.smtp_code}${last.response ? ` "${last.response}"` : ''}.`;
    }
  }
  if (d.last_error && d.status !== 'sent' && d.status !== 'simulated') {
    // The one reason a live email waits without an attempt: the operator has not set up mail yet.
    return /DOCEX_SMTP_URL/.test(d.last_error)
      ? 'Waiting: this docex has no mail server set up yet. It is sent once one is.'
      : d.last_error;
  }
  return null;
}

/** attachments_omitted.missing entries: a business term, whose profile lacks it, and the field. */
function missingWords(missing: unknown[]): string {
  const words = missing.flatMap((m) => {
    const t = m as { bt?: unknown; party?: unknown; field?: unknown };
    if (typeof t.field !== 'string') return [];
    const who = t.party === 'issuer' ? 'your' : "the buyer's";
    return [`${who} ${legalProfileFieldLabel(t.field)}${typeof t.bt === 'string' ? ` (${t.bt})` : ''}`];
  });
  return words.length ? words.join(', ') : 'some legal-profile details';
}

export function Deliveries({ doc }: { doc: Document }) {
  const { features } = useApp();
  const list = useAsync(
    () => docex.GET('/v1/documents/{id}/deliveries', { params: { path: { id: doc.id } } }),
    [doc.id, doc.status, doc.updated_at],
  );
  const [watchSince, setWatchSince] = useState(() => Date.now());
  const queued = list.data?.data.some((d) => d.status === 'queued') ?? false;
  useInterval(() => void list.reload(), POLL_MS, queued && Date.now() - watchSince < WATCH_FOR_MS);
  return (
    <section aria-labelledby="deliveries-title" className="panel">
      <div className="panel-head">
        <h2 id="deliveries-title">Deliveries by email</h2>
        <button type="button" className="link" onClick={() => void list.reload()}>
          Refresh
        </button>
      </div>
      <p className="muted small">
        {doc.counterparty.name} is not on docex: docex emails them this {doc.label.toLowerCase()} with a link
        to answer it{doc.sandbox ? '. In the sandbox nothing is really sent: each email is simulated.' : '.'}
      </p>
      <ErrorAlert error={list.error} />
      {list.data ? (
        list.data.data.length === 0 ? (
          <p className="empty">No email yet.</p>
        ) : (
          <ol className="timeline deliveries" data-testid="deliveries">
            {list.data.data.map((d) => (
              <DeliveryItem key={d.id} d={d} doc={doc} />
            ))}
          </ol>
        )
      ) : list.loading ? (
        <Loading what="deliveries" />
      ) : null}
      {features.has('resend') ? (
        <Resend
          doc={doc}
          onSent={() => {
            setWatchSince(Date.now());
            return list.reload();
          }}
        />
      ) : null}
    </section>
  );
}

/**
 * Whether the message's bytes can be read: composed (it has its Message-ID from its first attempt),
 * and not a live claim code, which the sender never reads (CONTRACT 11.3).
 */
function messageReadable(d: EmailDelivery, doc: Document): boolean {
  return d.message_id !== null && (d.kind !== 'claim_code' || doc.sandbox);
}

/** The exact bytes handed to SMTP (GET …/deliveries/{id}/message), saved as `<delivery id>.eml`. */
function DownloadEml({ d, doc }: { d: EmailDelivery; doc: Document }) {
  const action = useAction();
  const download = () =>
    action.run(async () => {
      const { data } = await docex.raw.GET('/v1/documents/{id}/deliveries/{delivery_id}/message', {
        params: { path: { id: doc.id, delivery_id: d.id } },
        parseAs: 'arrayBuffer',
      });
      saveBytes(data ?? new ArrayBuffer(0), `${d.id}.eml`, 'message/rfc822');
    });
  return (
    <>
      <button
        type="button"
        className="link small"
        disabled={action.busy}
        aria-label={`Download .eml of the email to ${d.to}`}
        onClick={() => void download()}
      >
        Download .eml
      </button>
      <ErrorAlert error={action.error} />
    </>
  );
}

function DeliveryItem({ d, doc }: { d: EmailDelivery; doc: Document }) {
  const s = statusWords(d);
  const why = trouble(d);
  return (
    <li data-testid="delivery" data-status={s.tone}>
      <span className={`badge mail-${s.tone}`}>{s.label}</span> <strong>{KIND[d.kind]}</strong> to{' '}
      <span className="mail-to">{d.to}</span>
      <div className="muted small">
        {s.when ? formatTime(s.when) : formatTime(d.created_at)}
        {d.attempts.length > 1 ? ` · ${d.attempts.length} attempts` : ''}
      </div>
      {why ? (
        <div className="small mail-error" data-testid="delivery-error">
          {why}
        </div>
      ) : null}
      {d.attachments_omitted ? (
        <div className="small" data-testid="attachments-omitted">
          Sent without the e-invoice files (PDF and XML): the e-invoice is incomplete, it lacks{' '}
          {missingWords(d.attachments_omitted.missing)}.
        </div>
      ) : null}
      {messageReadable(d, doc) ? <DownloadEml d={d} doc={doc} /> : null}
    </li>
  );
}

/** Send the document again: to the party's address, or to another one typed here. */
function Resend({ doc, onSent }: { doc: Document; onSent: () => Promise<void> }) {
  const action = useAction();
  const [other, setOther] = useState(false);
  const [to, setTo] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const send = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    void action.run(async () => {
      const address = to.trim();
      const d = await docex.POST('/v1/documents/{id}/deliveries', {
        params: { path: { id: doc.id } },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
        body: other && address !== '' ? { to: address } : {},
      });
      setDone(`Sent again to ${d.to}.`);
      setTo('');
      setOther(false);
      await onSent();
    });
  };
  return (
    <form className="resend" onSubmit={send} aria-label="Send again">
      {done ? <Notice tone="success">{done}</Notice> : null}
      <ErrorAlert error={action.error} />
      <div className="check">
        <input
          id="resend-other"
          type="checkbox"
          checked={other}
          onChange={(e) => setOther(e.target.checked)}
        />
        <label htmlFor="resend-other">To another address</label>
      </div>
      {other ? (
        <>
          <label htmlFor="resend-to">Send to</label>
          <input
            id="resend-to"
            // text, not type=email: the browser's own check refuses internationalized domains
            type="text"
            inputMode="email"
            autoComplete="email"
            required
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </>
      ) : null}
      <button type="submit" className="secondary" disabled={action.busy || (other && to.trim() === '')}>
        {other ? 'Send again' : `Send again to ${doc.counterparty.name}`}
      </button>
    </form>
  );
}
