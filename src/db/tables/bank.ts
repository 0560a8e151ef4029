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

export interface BankTables {
  bank_accounts: BankAccountsTable;
  payment_batches: PaymentBatchesTable;
}
