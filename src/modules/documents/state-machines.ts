// Document types and their state machines (CONTRACT 3), as data. The rows below are the
// CONTRACT's table, one machine per type; a target marked `*` executes the document's payment and
// needs payments:write. Everything that asks "may this side move this document there?" reads
// these tables, so a rule lives in one place.

export const DOCUMENT_TYPE_NAMES = [
  'invoice',
  'purchase_order',
  'quote',
  'credit_note',
  'agreement',
  'disbursement',
  'repayment',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPE_NAMES)[number];

/** The types POST /v1/documents creates; the finance family creates the rest internally. */
export const API_DOCUMENT_TYPES = ['invoice', 'purchase_order', 'quote', 'credit_note'] as const;

export const DOCUMENT_STATUSES = [
  'draft',
  'submitted',
  'sent',
  'acknowledged',
  'approved',
  'disputed',
  'payment_scheduled',
  'paid',
  'void',
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export type Side = 'issuer' | 'counterparty';

export interface ViewerNaming {
  label: string;
  prefix: string;
}

export interface TypeInfo {
  issuer: ViewerNaming;
  counterparty: ViewerNaming;
  /** The state POST /issue moves a draft to; null for types that are never drafts. */
  entryState: DocumentStatus | null;
}

export const DOCUMENT_TYPES: Record<DocumentType, TypeInfo> = {
  invoice: {
    issuer: { label: 'Invoice', prefix: 'INV-' },
    counterparty: { label: 'Bill', prefix: 'BILL-' },
    entryState: 'submitted',
  },
  purchase_order: {
    issuer: { label: 'Purchase Order', prefix: 'PO-' },
    counterparty: { label: 'Sales Order', prefix: 'SO-' },
    entryState: 'submitted',
  },
  quote: {
    issuer: { label: 'Quote', prefix: 'QT-' },
    counterparty: { label: 'Vendor Quote', prefix: 'VQ-' },
    entryState: 'sent',
  },
  credit_note: {
    issuer: { label: 'Credit Note', prefix: 'CN-' },
    counterparty: { label: 'Vendor Credit', prefix: 'VC-' },
    entryState: 'submitted',
  },
  agreement: {
    issuer: { label: 'Financing Agreement', prefix: 'FIN-' },
    counterparty: { label: 'Financing Agreement', prefix: 'FIN-' },
    entryState: null,
  },
  disbursement: {
    issuer: { label: 'Disbursement', prefix: 'DSB-' },
    counterparty: { label: 'Disbursement', prefix: 'DSB-' },
    entryState: null,
  },
  repayment: {
    issuer: { label: 'Repayment', prefix: 'RPY-' },
    counterparty: { label: 'Repayment', prefix: 'RPY-' },
    entryState: null,
  },
};

/** The payment targets: moving there executes the payment and needs payments:write. */
export const PAYMENT_TARGETS: ReadonlySet<string> = new Set(['payment_scheduled', 'paid']);

interface Row {
  from: readonly DocumentStatus[];
  side: Side;
  /** targets as written in CONTRACT 3; a trailing `*` marks a payment target */
  to: readonly string[];
}

const row = (from: DocumentStatus[], side: Side, to: string[]): Row => ({ from, side, to });

const INVOICE: Row[] = [
  row(['submitted'], 'counterparty', ['acknowledged', 'approved', 'disputed']),
  row(['acknowledged'], 'counterparty', ['approved', 'disputed']),
  row(['approved'], 'counterparty', ['disputed', 'payment_scheduled*', 'paid*']),
  row(['payment_scheduled'], 'counterparty', ['paid*']),
  row(['disputed'], 'counterparty', ['acknowledged', 'approved']),
  row(['submitted', 'acknowledged', 'disputed'], 'issuer', ['void']),
];

// A credit note has the invoice's moves without payment; approved is terminal for either side.
const CREDIT_NOTE: Row[] = [
  row(['submitted'], 'counterparty', ['acknowledged', 'approved', 'disputed']),
  row(['acknowledged'], 'counterparty', ['approved', 'disputed']),
  row(['disputed'], 'counterparty', ['acknowledged', 'approved']),
  row(['submitted', 'acknowledged', 'disputed'], 'issuer', ['void']),
];

const PURCHASE_ORDER: Row[] = [
  row(['submitted'], 'counterparty', ['acknowledged', 'approved', 'disputed']),
  row(['acknowledged', 'disputed'], 'counterparty', ['approved', 'disputed']),
  row(['submitted', 'acknowledged', 'disputed'], 'issuer', ['void']),
];

const QUOTE: Row[] = [
  row(['sent'], 'counterparty', ['acknowledged', 'approved', 'disputed']),
  row(['acknowledged', 'disputed'], 'counterparty', ['approved', 'disputed']),
  row(['sent', 'acknowledged', 'disputed'], 'issuer', ['void']),
];

// Finance documents (CONTRACT 7) are all issued by the borrower. Their other moves (funding,
// voiding on withdrawal) belong to the finance family, which calls applyStatusChange; the API's
// only moves are the payments: the lender (counterparty) pays the disbursement, the borrower
// (issuer) pays the repayment once the loan is funded (the finance family approves it then).
const DISBURSEMENT: Row[] = [
  row(['approved'], 'counterparty', ['payment_scheduled*', 'paid*']),
  row(['payment_scheduled'], 'counterparty', ['paid*']),
];
const REPAYMENT: Row[] = [
  row(['approved'], 'issuer', ['payment_scheduled*', 'paid*']),
  row(['payment_scheduled'], 'issuer', ['paid*']),
];

export const STATE_MACHINES: Record<DocumentType, readonly Row[]> = {
  invoice: INVOICE,
  credit_note: CREDIT_NOTE,
  purchase_order: PURCHASE_ORDER,
  quote: QUOTE,
  agreement: [],
  disbursement: DISBURSEMENT,
  repayment: REPAYMENT,
};

export interface Target {
  to: string;
  payment: boolean;
}

function targetsOf(type: DocumentType, from: string, side: Side): Target[] {
  const out: Target[] = [];
  for (const r of STATE_MACHINES[type]) {
    if (r.side !== side || !(r.from as readonly string[]).includes(from)) continue;
    for (const raw of r.to) {
      const payment = raw.endsWith('*');
      const to = payment ? raw.slice(0, -1) : raw;
      // A move to the current state is no move (CONTRACT 3: it is a conflict like any other).
      if (to === from || out.some((t) => t.to === to)) continue;
      out.push({ to, payment });
    }
  }
  return out;
}

/**
 * The targets legal for `side` from `from` right now, in the CONTRACT's order. Payment targets
 * are left out when the caller cannot pay (a documents-only key on an approved invoice gets
 * ["disputed"]).
 */
export function legalTargets(type: DocumentType, from: string, side: Side, canPay: boolean): string[] {
  return targetsOf(type, from, side)
    .filter((t) => canPay || !t.payment)
    .map((t) => t.to);
}

/** The `phase` filter (CONTRACT 3): a cross-type grouping of states. */
export const PHASES = {
  draft: ['draft'],
  open: ['submitted', 'sent', 'acknowledged', 'approved'],
  disputed: ['disputed'],
  payment: ['payment_scheduled'],
  closed: ['paid', 'void'],
} as const satisfies Record<string, readonly DocumentStatus[]>;
export type Phase = keyof typeof PHASES;
