// Kysely's view of the tables. Each module owns the interfaces of its own tables; this file
// only joins them into the one DB type.
import type { AttachmentTables } from './tables/attachments.ts';
import type { BankTables } from './tables/bank.ts';
import type { CaptureTables } from './tables/capture.ts';
import type { DeliveryTables } from './tables/delivery.ts';
import type { DocumentTables } from './tables/documents.ts';
import type { FinanceTables } from './tables/finance.ts';
import type { FoundationTables } from './tables/foundation.ts';
import type { InboundTables } from './tables/inbound.ts';
import type { LedgerTables } from './tables/ledger.ts';
import type { PartyTables } from './tables/parties.ts';
import type { PaymentTables } from './tables/payments.ts';
import type { ProvenanceTables } from './tables/provenance.ts';
import type { RecipientTables } from './tables/recipient.ts';
import type { WebhookTables } from './tables/webhooks.ts';

export interface DB
  extends FoundationTables,
    WebhookTables,
    DocumentTables,
    LedgerTables,
    ProvenanceTables,
    PaymentTables,
    AttachmentTables,
    FinanceTables,
    BankTables,
    InboundTables,
    DeliveryTables,
    PartyTables,
    RecipientTables,
    CaptureTables {}
