import { type FormEvent, useState } from 'react';
import { appApi, DocexError, type SignedInState } from '../api/client';
import { ErrorAlert } from '../components/ui';
import { useAction } from '../lib/hooks';
import { Link, usePageTitle } from '../router';

export function SignInPage({
  onSignedIn,
  signupOpen,
}: {
  onSignedIn: (s: SignedInState) => void;
  signupOpen: boolean;
}) {
  usePageTitle('Sign in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const action = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      onSignedIn(await appApi('POST /login', { body: { email, password } }));
    });
  };
  return (
    <main className="centered" id="main">
      <form className="card auth" onSubmit={submit} aria-labelledby="signin-title">
        <h1 id="signin-title" tabIndex={-1}>
          Sign in to docex
        </h1>
        <ErrorAlert error={action.error} />
        <label htmlFor="signin-email">Email</label>
        <input
          id="signin-email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <label htmlFor="signin-password">Password</label>
        <input
          id="signin-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" disabled={action.busy}>
          {action.busy ? 'Signing in…' : 'Sign in'}
        </button>
        {signupOpen ? (
          <p>
            New here? <Link to="/signup">Create an organization</Link>
          </p>
        ) : null}
      </form>
    </main>
  );
}

export function SignUpPage({ onSignedIn }: { onSignedIn: (s: SignedInState) => void }) {
  usePageTitle('Sign up');
  const [organization, setOrganization] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const action = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void action.run(async () => {
      onSignedIn(
        await appApi('POST /signup', { body: { organization_name: organization, email, password } }),
      );
    });
  };
  return (
    <main className="centered" id="main">
      <form className="card auth" onSubmit={submit} aria-labelledby="signup-title">
        <h1 id="signup-title" tabIndex={-1}>
          Create an organization
        </h1>
        {emailTaken(action.error) ? (
          <div className="alert alert-error" role="alert" title="conflict" data-testid="email-taken">
            An account with this email already exists. <Link to="/">Sign in</Link> instead.
          </div>
        ) : (
          <ErrorAlert error={action.error} />
        )}
        <label htmlFor="signup-org">Organization name</label>
        <input
          id="signup-org"
          required
          autoComplete="organization"
          value={organization}
          onChange={(e) => setOrganization(e.target.value)}
        />
        <label htmlFor="signup-email">Email</label>
        <input
          id="signup-email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <label htmlFor="signup-password">Password</label>
        <input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          minLength={12}
          required
          aria-describedby="signup-password-hint"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p id="signup-password-hint" className="hint">
          At least 12 characters.
        </p>
        <button type="submit" disabled={action.busy}>
          {action.busy ? 'Creating…' : 'Sign up'}
        </button>
        <p>
          Already have an account? <Link to="/">Sign in</Link>
        </p>
      </form>
    </main>
  );
}

/** Sign-up refused because the email has an account already (409 conflict on the email field). */
function emailTaken(err: unknown): boolean {
  return err instanceof DocexError && err.code === 'conflict' && err.details?.field === 'email';
}
