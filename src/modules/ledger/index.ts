// The ledger's domain API, for the modules that move money (payments, finance, treasury).
// docs/ledger.md explains the model; src/db/migrations/0004_ledger.sql holds the invariants.
export {
  type AccountRow,
  accountFor,
  balanceOf,
  externalAccountId,
  getAccount,
  getBalance,
  resolveSourceAccount,
} from './accounts.ts';
export { activeHold, placeHold, releaseHold } from './holds.ts';
export {
  postTransfer,
  type TransactionRow,
  writeTransfers,
} from './transfers.ts';
