import type { ColumnType } from 'kysely';
// The bank rail's tables (CONTRACT 12), owned by src/modules/bank.

export interface BankAccountsTable {
  id: string;
  organization_id: string;
  /** electronic form: upper case, no spaces */
  iban: string;
  bic: string | null;
  account_name: string;
  /** 'EUR': the rail is SEPA credit transfer */
  currency: string;
  status: 'active' | 'closed';
  created_at: Date;
  closed_at: Date | null;
}

/** migration 0039: a closed batch and its pain.001 file, written once */
export interface PaymentBatchesTable {
  id: string;
  organization_id: string;
  bank_account_id: string;
  status: 'ready';
  currency: string;
  count: number;
  /** numeric(20,2): a decimal string both ways */
  control_sum: string;
  /** YYYY-MM-DD */
  requested_execution_date: string;
  file: string;
  created_at: Date;
}

/** migration 0042: an imported camt.053/.054 or pain.002 */
export interface BankStatementsTable {
  id: string;
  organization_id: string;
  bank_account_id: string;
  kind: 'camt.053' | 'camt.054' | 'pain.002';
  version: string;
  message_id: string;
  account_iban: string;
  created_at: Date;
}

/** migration 0042: one transaction the bank reported, and what it did */
export interface BankStatementEntriesTable {
  id: string;
  statement_id: string;
  organization_id: string;
  position: number;
  entry_key: string;
  /** numeric: the amount as the bank wrote it */
  amount: string;
  direction: 'credit' | 'debit';
  booking_date: string | null;
  end_to_end_id: string | null;
  creditor_reference: string | null;
  remittance: string | null;
  entry_reference: string | null;
  return_reason: string | null;
  status_reason: string | null;
  status: 'matched' | 'unmatched' | 'ignored';
  outcome: string;
  payment_id: string | null;
  document_id: string | null;
  suggestions: ColumnType<unknown, string | undefined, string>;
  duplicate_of: string | null;
  matched_at: Date | null;
  created_at: Date;
}

export interface BankTables {
  bank_accounts: BankAccountsTable;
  payment_batches: PaymentBatchesTable;
  bank_statements: BankStatementsTable;
  bank_statement_entries: BankStatementEntriesTable;
}
