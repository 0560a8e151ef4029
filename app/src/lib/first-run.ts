// The first-run checklist's steps and how each is known to be done: from the organization's real
// state, read through the public API (a few small list reads, once, on the documents page), never
// from what the browser remembers. The browser keeps only two preferences per organization: that
// the user dismissed the checklist, and that every step was seen done (so it stops reading).
import { docex } from '../api/client';
import type { Features } from '../api/features';

type StepId = 'profile' | 'bank' | 'connect' | 'invoice' | 'bill' | 'key' | 'webhook';

interface Step {
  id: StepId;
  label: string;
  /** Where the user does it. */
  to: string;
  done: boolean;
}

type Environment = 'live' | 'sandbox';

interface StepDef {
  id: StepId;
  label: (env: Environment) => string;
  to: (env: Environment) => string;
  /** Whether the step belongs in this environment on this deployment. */
  applies: (env: Environment, features: Features) => boolean;
  done: () => Promise<boolean>;
}

/** Rows enough to find an invoice this organization issued among the invoices it also receives. */
const INVOICE_WINDOW = 50;

// A live organization starts with what a finance person sets up first (issue 49): the legal profile,
// which e-invoices and SEPA payment files name the organization with, and the bank account its
// payments leave from; then the rest. A sandbox is for practice: it starts with the invoice.
const STEPS: StepDef[] = [
  {
    id: 'profile',
    label: () => 'Fill in your legal profile (name, address, VAT id)',
    to: () => '/organization',
    applies: (env, f) => env === 'live' && f.has('legalProfile'),
    // What an e-invoice and a payment file cannot do without: a legal name and a postal address.
    done: async () => {
      const p = (await docex.GET('/v1/organization')).legal_profile;
      return Boolean(p?.legal_name && p.address?.city && p.address.country_code);
    },
  },
  {
    id: 'bank',
    label: () => 'Connect your bank account',
    to: () => '/bank',
    applies: (env, f) => env === 'live' && f.has('bankAccounts'),
    done: async () =>
      (await docex.GET('/v1/bank_accounts', { params: { query: { limit: 100 } } })).data.some(
        (a) => a.status === 'active',
      ),
  },
  {
    id: 'connect',
    label: () => 'Connect with a counterparty',
    to: () => '/connections',
    // A sandbox is connected to its demo counterparty from the start: nothing to do there.
    applies: (env) => env === 'live',
    done: async () =>
      (await docex.GET('/v1/connections', { params: { query: { status: 'active', limit: 1 } } })).data
        .length > 0,
  },
  {
    id: 'invoice',
    label: (env) => (env === 'sandbox' ? 'Issue an invoice to the demo counterparty' : 'Issue an invoice'),
    to: () => '/documents/new',
    applies: () => true,
    // The list filters by type, not by side: an invoice this organization issued is a sent one
    // that left draft.
    done: async () =>
      (
        await docex.GET('/v1/documents', { params: { query: { type: 'invoice', limit: INVOICE_WINDOW } } })
      ).data.some((d) => d.direction === 'sent' && d.status !== 'draft'),
  },
  {
    id: 'bill',
    label: () => 'Pay a demo bill',
    to: () => '/sandbox',
    applies: (env, f) => env === 'sandbox' && f.has('demoBill') && f.has('pay') && f.has('payments'),
    // The payer's view of a payment names its source account; the payee's view does not.
    done: async () =>
      (await docex.GET('/v1/payments', { params: { query: { status: 'settled', limit: 25 } } })).data.some(
        (p) => p.source_account_id !== null,
      ),
  },
  {
    id: 'key',
    label: () => 'Create an API key',
    to: () => '/keys',
    applies: (_env, f) => f.has('keys'),
    done: async () => (await docex.GET('/v1/keys', { params: { query: { limit: 1 } } })).data.length > 0,
  },
  {
    id: 'webhook',
    label: () => 'Add a webhook endpoint',
    to: () => '/webhooks',
    applies: (_env, f) => f.has('webhooks'),
    done: async () => (await docex.GET('/v1/webhooks', { params: { query: { limit: 1 } } })).data.length > 0,
  },
];

/** The steps for this organization, each read from the API (in parallel, one small read each). */
export async function loadSteps(env: Environment, features: Features): Promise<Step[]> {
  const defs = STEPS.filter((s) => s.applies(env, features));
  const done = await Promise.all(defs.map((s) => s.done()));
  return defs.map((s, i) => ({ id: s.id, label: s.label(env), to: s.to(env), done: done[i] === true }));
}

// --- the browser's two preferences, per organization ---

type Mark = 'dismissed' | 'complete';
const storageKey = (organizationId: string) => `docex.first-run.${organizationId}`;

export function readMark(organizationId: string): Mark | null {
  try {
    const v = window.localStorage.getItem(storageKey(organizationId));
    return v === 'dismissed' || v === 'complete' ? v : null;
  } catch {
    // Storage refused (a private window's policy): show the checklist, read from the API.
    return null;
  }
}

export function writeMark(organizationId: string, mark: Mark): void {
  try {
    window.localStorage.setItem(storageKey(organizationId), mark);
  } catch {
    // Not remembered: the checklist shows again next time, which is harmless.
  }
}
