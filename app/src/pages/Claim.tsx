// "This is us: claim" (CONTRACT 11.3): the recipient page sends a signed-in visitor here with the
// link's token in the URL's fragment (/app/claim#<token>), which no browser sends to a server, so
// it is in no log and no Referer. Two steps: email a one-time code to the party's address, then
// type it back; the party then becomes this organization, with every document it received.
import { type FormEvent, useState } from 'react';
import { docex, newIdempotencyKey } from '../api/client';
import { ErrorAlert, formatTime, Notice } from '../components/ui';
import { useAction } from '../lib/hooks';
import { Link, usePageTitle } from '../router';
import { useApp } from '../session';

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

interface Sent {
  email: string;
  expires_at: string;
}

export function ClaimPage() {
  usePageTitle('Claim a party');
  const { session } = useApp();
  const [token] = useState(() => window.location.hash.slice(1));
  const [sent, setSent] = useState<Sent | null>(null);
  const [code, setCode] = useState('');
  const [claimed, setClaimed] = useState<{ connection_id: string } | null>(null);
  const action = useAction();
  const org = session.organization;

  if (!TOKEN.test(token)) {
    return (
      <section aria-labelledby="claim-title">
        <h1 id="claim-title" tabIndex={-1}>
          Claim a party
        </h1>
        <Notice tone="warn">
          Open this page with the "This is us: claim" button of the page a document's email links to.
        </Notice>
      </section>
    );
  }

  const sendCode = () =>
    action.run(async () => {
      const s = await docex.POST('/v1/recipient/{token}/claim', {
        params: { path: { token } },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      setSent({ email: s.email, expires_at: s.expires_at });
      setCode('');
    });

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      const c = await docex.POST('/v1/recipient/{token}/claim/confirm', {
        params: { path: { token } },
        body: { code: code.trim() },
        headers: { 'Idempotency-Key': newIdempotencyKey() },
      });
      setClaimed({ connection_id: c.connection_id });
    });
  };

  return (
    <section aria-labelledby="claim-title">
      <h1 id="claim-title" tabIndex={-1}>
        Claim a party for {org.name}
      </h1>
      <ErrorAlert error={action.error} />
      {claimed ? (
        <Notice tone="success">
          Claimed: the documents sent to that party are {org.name}'s now, with their numbers and history.{' '}
          <Link to="/documents">See them in Documents</Link> or on <Link to="/connections">Connections</Link>.
        </Notice>
      ) : sent ? (
        <form className="card" onSubmit={confirm} aria-labelledby="code-title">
          <h2 id="code-title">Type the code</h2>
          <p>
            We emailed an 8-digit code to <strong>{sent.email}</strong>. It is valid until{' '}
            {formatTime(sent.expires_at)}.
          </p>
          <label htmlFor="claim-code">Code</label>
          <input
            id="claim-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{8}"
            maxLength={8}
            required
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" disabled={action.busy || !/^\d{8}$/.test(code.trim())}>
            {action.busy ? 'Claiming…' : 'Claim'}
          </button>{' '}
          <button type="button" className="secondary" disabled={action.busy} onClick={() => void sendCode()}>
            Send a new code
          </button>
        </form>
      ) : (
        <div className="card">
          <p>
            Someone sent documents by email to a business that is not on docex yet. If that business is{' '}
            <strong>{org.name}</strong>, claim it: we email a one-time code to the address the documents went
            to, and once you type it here they become {org.name}'s documents, and later ones arrive here
            instead of by email.
          </p>
          <button type="button" disabled={action.busy} onClick={() => void sendCode()}>
            {action.busy ? 'Sending…' : 'Email me the code'}
          </button>
        </div>
      )}
    </section>
  );
}
