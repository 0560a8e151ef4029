// Step-up (docs/app.md): an action whose answer holds a secret (minting or rotating a key, creating
// a webhook endpoint or rotating its secret) is refused by the app's proxy with 403
// password_confirmation_required until the user confirms their password (POST /app/api/sudo, good
// for 10 minutes, kept with the session on the server). `guarded` asks for the password first when
// GET /app/api/sudo says it is not confirmed (or about to lapse), so the usual path makes no refused
// request; should the proxy refuse anyway, it asks and runs the action once more.
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { appApi, DocexError } from '../api/client';
import { ErrorAlert } from './ui';

export function needsPassword(err: unknown): boolean {
  return (
    err instanceof DocexError &&
    err.status === 403 &&
    (err.details as { reason?: unknown } | undefined)?.reason === 'password_confirmation_required'
  );
}

interface Pending {
  resolve(): void;
  reject(err: Error): void;
}

export function useStepUp(): {
  guarded<T>(fn: () => Promise<T>): Promise<T>;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = () => new Promise<void>((resolve, reject) => setPending({ resolve, reject }));
  const guarded = async <T,>(fn: () => Promise<T>): Promise<T> => {
    const { confirmed_until } = await appApi('GET /sudo');
    if (!confirmed_until || Date.parse(confirmed_until) - Date.now() < 30_000) await ask();
    try {
      return await fn();
    } catch (err) {
      if (!needsPassword(err)) throw err;
      await ask();
      return fn();
    }
  };
  const dialog = pending ? (
    <PasswordDialog
      onConfirmed={() => {
        pending.resolve();
        setPending(null);
      }}
      onCancel={() => {
        pending.reject(new Error('Password not confirmed: nothing was created.'));
        setPending(null);
      }}
    />
  ) : null;
  return { guarded, dialog };
}

function PasswordDialog({ onConfirmed, onCancel }: { onConfirmed: () => void; onCancel: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await appApi('POST /sudo', { body: { password } });
      onConfirmed();
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };
  return (
    <div className="card" role="dialog" aria-modal="true" aria-labelledby="step-up-title">
      <form onSubmit={(e) => void submit(e)}>
        <h2 id="step-up-title">Confirm your password</h2>
        <p className="hint">
          This answers a secret, so it needs your password (asked again after 10 minutes).
        </p>
        <ErrorAlert error={error} />
        <label htmlFor="step-up-password">Password</label>
        <input
          id="step-up-password"
          ref={input}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" disabled={busy || password === ''}>
          Confirm
        </button>{' '}
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </form>
    </div>
  );
}
