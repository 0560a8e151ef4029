// The one face of the documents family: every other family imports documents through this file
// (test/service/import-cycles.test.ts enforces it), so what documents offers the rest of the service
// is listed in one place and its files can move without touching their callers.

export { type DocumentChange, plugChangeListener } from './change-listeners.ts';
export {
  createDocument,
  type IssuingConnection,
  insertDocument,
  loadIssuingConnection,
} from './create-document.ts';
export { demoCounterpartyTask } from './demo-counterparty.ts';
export { type ContentInput, type DocumentContent, resolveContent, termDays } from './document-input.ts';
export {
  actorFromPrincipal,
  appendHistoryEntry,
  type DocumentActor,
  type HistoryAccess,
  HistoryReader,
  headMismatch,
  historyAccess,
  systemActor,
} from './history.ts';
export { plugIssueGuard } from './issue-guards.ts';
export {
  documentById,
  findVisibleDocument,
  lockDocument,
  receivedDuplicate,
  receivedSellersByIban,
} from './load-document.ts';
export { plugPaymentReference } from './payment-reference.ts';
export {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  Payment,
  type PaymentView,
  SANDBOX_INSUFFICIENT_ACCOUNT,
  SEPA_CREDIT_TRANSFER,
} from './payment-schema.ts';
export { type PaymentTransitionInput, plugPaymentStep } from './payment-transition.ts';
export { saveDocumentChange } from './persist.ts';
export {
  type DocumentRecord,
  isoTimestamp,
  moneyNumber,
  type ProjectedDocument,
  projectDocument,
  sideOf,
  viewersOf,
} from './project-document.ts';
export { type PaymentRow, projectPayment, type StoredPayment, storedPayment } from './project-payment.ts';
export { documentRoutes } from './routes.ts';
export {
  CreateDocumentBody,
  type CreateDocumentBodyT,
  Document,
  type DocumentView,
  LIMITS,
  type LineItemInputT,
} from './schemas.ts';
export { DOCUMENT_TYPES, type DocumentType } from './state-machines.ts';
export {
  allowedFor,
  applyStatusChange,
  illegalMove,
  transitionLockedDocument,
} from './transition-document.ts';
export { plugVoidGuard } from './void-guards.ts';
