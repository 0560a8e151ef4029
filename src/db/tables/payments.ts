import type { ColumnType } from 'kysely';
import type { Currency } from '../../lib/currencies.ts';

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
}

export interface PaymentTables {
  payments: PaymentsTable;
}
