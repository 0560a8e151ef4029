// The ledger's domain API, for the modules that move money (payments, finance, treasury).
// docs/ledger.md explains the model; src/db/migrations/0004_ledger.sql holds the invariants.
export {
  type AccountRow,
  accountFor,
  type Balance,
  balanceOf,
  type Environment,
  externalAccountId,
  getAccount,
  getBalance,
  insufficientFunds,
  parseSystemAccountId,
  resolveSourceAccount,
} from './accounts.ts';
export { createOrganizationAccounts, SANDBOX_OPENING_BALANCE } from './create-accounts.ts';
export { activeHold, type HoldInput, type HoldRow, placeHold, releaseHold } from './holds.ts';
export {
  type PostedTransfer,
  postTransfer,
  type TransactionRow,
  type TransferInput,
  type TransferKind,
  type TransferRow,
} from './transfers.ts';
