import type { ColumnType } from 'kysely';
import type { Currency } from '../../lib/currencies.ts';

export type PaymentRail = 'ledger' | 'sepa_credit_transfer';

export type PaymentStatus = 'processing' | 'settled' | 'failed';

export interface PaymentsTable {
  id: string;
  document_id: string;
  payer_organization_id: string;
  payee_organization_id: string;
  environment: 'live' | 'sandbox';
  /** numeric(20,2): a decimal string both ways */
  amount: string;
  currency: Currency;
  status: PaymentStatus;
  failure_reason: string | null;
  settlement_reference: string | null;
  payment_method: string;
  source_account_id: string;
  destination_account_id: string;
  /** YYYY-MM-DD */
  scheduled_for: string | null;
  execute_at: Date;
  resume_status: string;
  key_id: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  created_at: Date;
  settled_at: Date | null;
  failed_at: Date | null;
  /** ledger (the worker settles it) or sepa_credit_transfer (migration 0038: the bank pays it) */
  rail: ColumnType<PaymentRail, PaymentRail | undefined, PaymentRail>;
  /** the bank rail's EndToEndId (≤ 35, unique); null on the ledger */
  end_to_end_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** the payee's IBAN (and BIC) the bank rail pays, as its legal profile said at pay time */
  creditor_iban: ColumnType<string | null, string | null | undefined, string | null>;
  creditor_bic: ColumnType<string | null, string | null | undefined, string | null>;
  /** the batch that carries it to the bank; null while in the payer's open batch */
  batch_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PaymentTables {
  payments: PaymentsTable;
}
