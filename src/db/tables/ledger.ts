import type { ColumnType } from 'kysely';
import type { Currency } from '../../lib/currencies.ts';

/** numeric(20,2): read as a string for decimal.js, written as a fixed 2-decimal string. */
type Numeric = ColumnType<string, string, string>;
/** Maintained by the database's triggers only (src/db/migrations/0004_ledger.sql). */
type TriggerOwned<T> = ColumnType<T, never, never>;

export interface LedgerAccountsTable {
  id: string;
  organization_id: string | null;
  kind: 'treasury' | 'external';
  environment: 'live' | 'sandbox';
  currency: Currency;
  name: string;
  balance: TriggerOwned<string>;
  held: TriggerOwned<string>;
  entry_count: TriggerOwned<number>;
  created_at: Date;
}

export interface LedgerTransfersTable {
  id: string;
  kind: string;
  currency: Currency;
  environment: 'live' | 'sandbox';
  amount: Numeric;
  payment_id: string | null;
  description: string;
  created_at: Date;
}

export interface LedgerTransactionsTable {
  id: string;
  transfer_id: string;
  account_id: string;
  currency: Currency;
  environment: 'live' | 'sandbox';
  amount: Numeric;
  balance_after: TriggerOwned<string | null>;
  seq: TriggerOwned<number | null>;
  payment_id: string | null;
  description: string;
  created_at: Date;
}

export interface LedgerHoldsTable {
  id: string;
  account_id: string;
  payment_id: string;
  amount: Numeric;
  status: 'active' | 'released' | 'captured';
  created_at: Date;
  closed_at: Date | null;
}

export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_holds: LedgerHoldsTable;
}
