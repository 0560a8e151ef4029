// Capture's extraction (CONTRACT §13): the §13 fields from a file's words, what a confirmation
// teaches about a supplier's layout, the keys a supplier is known by, and the checks a value must
// pass to be `high` (exported for the confirm step to check corrections the same way).
export {
  bicValid,
  compactId,
  dateValid,
  dueNotBeforeIssue,
  ibanValid,
  isoCurrency,
  rfValid,
  vatIdValid,
} from './checks.ts';
export { extractFields } from './extract-fields.ts';
export { learnLayout } from './learn.ts';
export { supplierKeysOf } from './supplier-keys.ts';
