// What the documents page shows when a list is empty: with filters on, that nothing matches (and a
// way to clear them); otherwise the next thing to do. A sandbox has a demo counterparty that answers
// on its own, so the next step is to issue it an invoice or ask it for a bill; a live organization
// first needs a counterparty to exchange with and, to integrate, an API key.
import { docex } from '../api/client';
import { requestDemoBill } from '../lib/demo-bill';
import { useAction, useAsync } from '../lib/hooks';
import { Link, navigate } from '../router';
import { useApp } from '../session';
import { Empty, ErrorAlert } from './ui';

/** The sandbox's demo counterparty is created with this name (src/modules/identity/sandbox.ts). */
const DEMO_COUNTERPARTY_NAME = 'Demo Counterparty';

export function DocumentsEmpty({
  filtered,
  viewTitle,
  onClear,
}: {
  /** Whether a filter (status, phase, dates, search) narrows the list. */
  filtered: boolean;
  viewTitle: string;
  onClear: () => void;
}) {
  const { session } = useApp();
  if (filtered) {
    return (
      <div className="empty-state" data-testid="documents-empty">
        <Empty>No documents match.</Empty>
        <button type="button" className="secondary" onClick={onClear}>
          Clear filters
        </button>
      </div>
    );
  }
  return session.organization.environment === 'sandbox' ? (
    <SandboxNext viewTitle={viewTitle} />
  ) : (
    <LiveNext viewTitle={viewTitle} />
  );
}

function nothingYet(viewTitle: string): string {
  return viewTitle === 'All documents' ? 'No documents yet.' : `No ${viewTitle.toLowerCase()} yet.`;
}

/**
 * The sandbox's connection to its demo counterparty (read once), the editor's address for an
 * invoice to it, and its name.
 */
export function useDemoConnection() {
  const connections = useAsync(
    () => docex.GET('/v1/connections', { params: { query: { status: 'active', limit: 100 } } }),
    [],
  );
  const demo =
    connections.data?.data.find((c) => c.counterparty.name === DEMO_COUNTERPARTY_NAME) ??
    connections.data?.data.at(-1);
  return {
    error: connections.error,
    /** until the connections are read, the editor's address does not know the counterparty yet */
    loading: connections.loading,
    name: demo?.counterparty.name ?? 'the demo counterparty',
    newInvoice: demo ? `/documents/new?connection=${encodeURIComponent(demo.id)}` : '/documents/new',
  };
}

/**
 * The button that opens the editor on an invoice to the demo counterparty: disabled while the
 * connections are read, so a quick click does not open an editor without its counterparty.
 */
export function IssueToDemo({
  demo,
  testId,
}: {
  demo: ReturnType<typeof useDemoConnection>;
  testId?: string;
}) {
  const label = `Issue an invoice to ${demo.name}`;
  if (demo.loading)
    return (
      <button type="button" className="button" disabled data-testid={testId}>
        {label}
      </button>
    );
  return (
    <Link to={demo.newInvoice} className="button" data-testid={testId}>
      {label}
    </Link>
  );
}

function SandboxNext({ viewTitle }: { viewTitle: string }) {
  const { features } = useApp();
  // Only read when the list is empty: which active connection is the demo counterparty's.
  const demo = useDemoConnection();
  const { error, name } = demo;
  const bill = useAction();
  return (
    <div className="empty-state" data-testid="documents-empty">
      <p>
        <strong>{nothingYet(viewTitle)}</strong> This sandbox is connected to {name}, which answers on its own
        within seconds: it approves the invoices you issue and can send you a bill to pay, all in practice
        money.
      </p>
      <ErrorAlert error={error ?? bill.error} />
      <div className="next-steps">
        <IssueToDemo demo={demo} />
        {features.has('demoBill') ? (
          <button
            type="button"
            className="secondary"
            disabled={bill.busy}
            onClick={() =>
              void bill.run(async () => {
                const doc = await requestDemoBill({ currency: 'USD' });
                navigate(`/documents/${doc.id}`);
              })
            }
          >
            {bill.busy ? 'Asking…' : `Ask ${name} for a bill`}
          </button>
        ) : null}
      </div>
    </div>
  );
}

function LiveNext({ viewTitle }: { viewTitle: string }) {
  const { session, features } = useApp();
  const hasSandbox = session.organizations.some((o) => o.environment === 'sandbox');
  return (
    <div className="empty-state" data-testid="documents-empty">
      <p>
        <strong>{nothingYet(viewTitle)}</strong> Documents are exchanged with organizations you are connected
        to: connect with a counterparty to send it invoices and receive its bills, and create an API key to
        let your own system do the same.
      </p>
      <div className="next-steps">
        <Link to="/connections" className="button">
          Connect a counterparty
        </Link>
        {features.has('keys') ? (
          <Link to="/keys" className="button secondary">
            Create an API key
          </Link>
        ) : null}
        <Link to="/sandbox" className="button secondary">
          {hasSandbox ? 'Practise in the sandbox' : 'Try the sandbox first'}
        </Link>
      </div>
    </div>
  );
}
