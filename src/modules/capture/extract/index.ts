// Capture's extraction (CONTRACT §13): the §13 fields from a file's words, what a confirmation
// teaches about a supplier's layout, and the keys a supplier is known by. The checks a value must
// pass to be `high` are in checks.ts, for the confirm step to check corrections the same way.
export { extractFields } from './extract-fields.ts';
export { learnedLanguage } from './layout.ts';
export { learnLayout } from './learn.ts';
export { supplierKeysOf } from './supplier-keys.ts';
