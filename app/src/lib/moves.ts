// The moves a viewer may offer on a document: CONTRACT 3's table for the viewer's side, read from
// the same module the server enforces it with. The page offers them as buttons; the API still
// decides (a 409 answers with details.allowed, which the page shows).
import {
  DOCUMENT_TYPE_NAMES,
  type DocumentStatus,
  type DocumentType,
  legalTargets,
  PAYMENT_TARGETS,
} from '../../../src/modules/documents/state-machines.ts';
import { isStatus } from './views';

function isDocumentType(s: string): s is DocumentType {
  return (DOCUMENT_TYPE_NAMES as readonly string[]).includes(s);
}

export interface Move {
  to: DocumentStatus;
  label: string;
  /** Whether the button should ask before acting (irreversible or money-moving). */
  confirm: boolean;
}

const LABELS: Record<string, string> = {
  acknowledged: 'Acknowledge',
  approved: 'Approve',
  disputed: 'Dispute',
  void: 'Void',
  payment_scheduled: 'Schedule payment',
  paid: 'Mark paid',
};

/**
 * Non-payment moves only: paying goes through the Pay button (POST /pay), which shows the
 * settlement as it happens.
 */
export function movesFor(doc: { document_type: string; status: string; direction: string }): Move[] {
  if (doc.status === 'draft' || !isDocumentType(doc.document_type)) return [];
  const side = doc.direction === 'sent' ? 'issuer' : 'counterparty';
  return legalTargets(doc.document_type, doc.status, side, false)
    .filter(isStatus)
    .filter((to) => !PAYMENT_TARGETS.has(to))
    .map((to) => ({ to, label: LABELS[to] ?? to, confirm: to === 'void' }));
}

export function statusLabel(status: string): string {
  return status.replace(/_/g, ' ');
}

/** Whether the viewer could pay this document now (the Pay button; the API still decides). */
export function canPay(doc: { document_type: string; status: string; direction: string }): boolean {
  if (!isDocumentType(doc.document_type)) return false;
  const side = doc.direction === 'sent' ? 'issuer' : 'counterparty';
  return legalTargets(doc.document_type, doc.status, side, true).includes('paid');
}
