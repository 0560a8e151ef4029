// The documents list's views: each type seen from each side, named as the viewer sees it
// (CONTRACT 3's labels), e.g. "Invoices sent" and "Bills received" for one type, invoice.
import {
  API_DOCUMENT_TYPES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  type DocumentStatus,
  type DocumentType,
  PHASES,
} from '../../../src/modules/documents/state-machines.ts';

export interface DocumentView {
  id: string;
  title: string;
  type?: DocumentType;
  direction?: 'sent' | 'received';
}

function plural(label: string): string {
  return label.endsWith('y') ? `${label.slice(0, -1)}ies` : `${label}s`;
}

export const VIEWS: DocumentView[] = [{ id: 'all', title: 'All documents' }];
for (const [type, info] of Object.entries(DOCUMENT_TYPES) as [
  DocumentType,
  (typeof DOCUMENT_TYPES)[DocumentType],
][]) {
  if (info.issuer.label === info.counterparty.label) {
    VIEWS.push({ id: type, title: plural(info.issuer.label), type });
  } else {
    VIEWS.push({ id: `${type}_sent`, title: `${plural(info.issuer.label)} sent`, type, direction: 'sent' });
    VIEWS.push({
      id: `${type}_received`,
      title: `${plural(info.counterparty.label)} received`,
      type,
      direction: 'received',
    });
  }
}

export function viewById(id: string | null): DocumentView {
  return VIEWS.find((v) => v.id === id) ?? VIEWS[0]!;
}

export const STATUSES: readonly DocumentStatus[] = DOCUMENT_STATUSES;
export const PHASE_NAMES = Object.keys(PHASES);

/** Whether a string (a filter in the URL, a target of the state machines) is a document status. */
export function isStatus(s: string): s is DocumentStatus {
  return (STATUSES as readonly string[]).includes(s);
}

/** Whether a string is one of the `phase` filter's values. */
export function isPhase(s: string): s is keyof typeof PHASES {
  return Object.hasOwn(PHASES, s);
}

/** The types a person creates in the editor; the finance family creates the rest. */
export const CREATABLE: { type: DocumentType; label: string }[] = API_DOCUMENT_TYPES.map((type) => ({
  type,
  label: DOCUMENT_TYPES[type].issuer.label,
}));
