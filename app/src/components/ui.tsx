// Small shared pieces: alerts, status badges, the once-only secret, empty states.
import { type ReactNode, useId, useState } from 'react';
import { DocexError, describeError } from '../api/client';
import { showDate, showTime } from '../lib/locale';
import { statusLabel } from '../lib/moves';

export function ErrorAlert({ error, title }: { error: unknown; title?: string }) {
  if (error === undefined || error === null) return null;
  const docs = error instanceof DocexError ? error.docs_url : undefined;
  return (
    // The API's code and its message as it gave it stay in the tooltip, for whoever reports it.
    <div
      className="alert alert-error"
      role="alert"
      title={error instanceof DocexError ? `${error.code}: ${error.message}` : undefined}
      data-code={error instanceof DocexError ? error.code : undefined}
    >
      {title ? <strong>{title}: </strong> : null}
      {describeError(error)}
      {docs ? (
        <>
          {' '}
          <a href={docs} target="_blank" rel="noreferrer">
            What this means
          </a>
        </>
      ) : null}
    </div>
  );
}

export function Notice({
  children,
  tone = 'info',
}: {
  children: ReactNode;
  tone?: 'info' | 'success' | 'warn';
}) {
  return (
    <div className={`alert alert-${tone}`} role="status">
      {children}
    </div>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge status-${status}`}>{statusLabel(status)}</span>;
}

export function Loading({ what }: { what: string }) {
  return (
    <p className="muted" role="status" aria-live="polite">
      Loading {what}…
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

/**
 * A secret the API returns exactly once (a key, a webhook signing secret): shown with a copy
 * button until the user dismisses it, and never stored by the page.
 */
export function SecretOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState<'no' | 'yes' | 'failed'>('no');
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <section className="secret" aria-labelledby={id} data-testid="secret-once">
      <h3 id={id}>{label}</h3>
      <p>
        <strong>This is the only time it is shown.</strong> The service keeps only a hash: copy it now and
        store it somewhere safe.
      </p>
      <div className="secret-row">
        <code className="secret-value" data-testid="secret-value">
          {secret}
        </code>
        <button type="button" onClick={copy}>
          Copy
        </button>
      </div>
      <p className="muted" aria-live="polite">
        {copied === 'yes'
          ? 'Copied to the clipboard.'
          : copied === 'failed'
            ? 'Copy failed: select the text and copy it.'
            : ''}
      </p>
      <button type="button" className="secondary" onClick={onDone}>
        I have stored it
      </button>
    </section>
  );
}

/**
 * What a native date picker holds, in the organization's format (docs/app.md, "Dates"): the picker
 * shows dates the browser's way, so the page repeats the chosen one as the organization writes it.
 * The input names it with aria-describedby={id}.
 */
export function DateHint({ id, value, empty }: { id: string; value: string; empty: string }) {
  return (
    <span id={id} className="hint" data-testid={id}>
      {value ? `${showDate(value)}.` : empty}
    </span>
  );
}

/** A moment in the organization's date format, in UTC (lib/locale.ts, the one place dates are formatted). */
export const formatTime = showTime;

/** A "Load more" control for cursor-paged lists (the cursor is passed back verbatim). */
export function LoadMore({ hasMore, busy, onMore }: { hasMore: boolean; busy: boolean; onMore: () => void }) {
  if (!hasMore) return null;
  return (
    <div className="load-more">
      <button type="button" className="secondary" onClick={onMore} disabled={busy}>
        {busy ? 'Loading…' : 'Load more'}
      </button>
    </div>
  );
}

/** A small button that copies `text` (an id) to the clipboard and says so. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button type="button" className="copy" aria-label={label} title={label} onClick={() => void copy()}>
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span className="sr-only" aria-live="polite">
        {state === 'copied' ? 'Copied to the clipboard.' : state === 'failed' ? 'Copy failed.' : ''}
      </span>
    </>
  );
}

/** A long identifier (a payment id) on one line, cut with an ellipsis, whole in its tooltip, copyable. */
export function LongId({ id, label }: { id: string; label: string }) {
  return (
    <span className="long-id">
      <code className="long-id-value" title={id}>
        {id}
      </code>
      <CopyButton text={id} label={label} />
    </span>
  );
}
