// Every route of the service, in one list: registered with Fastify and described by OpenAPI.
import type { AnyRoute } from './http/route.ts';
import { attachmentRoutes } from './modules/attachments/routes.ts';
import { bankRoutes } from './modules/bank/routes.ts';
import { captureRoutes } from './modules/capture/routes.ts';
import { deliveryRoutes } from './modules/delivery/routes.ts';
import { documentRoutes } from './modules/documents/index.ts';
import { einvoiceRoutes } from './modules/einvoice/routes.ts';
import { financeRoutes } from './modules/finance/routes.ts';
import { identityRoutes } from './modules/identity/routes.ts';
import { inboundRoutes } from './modules/inbound/routes.ts';
import { keyRoutes } from './modules/keys/routes.ts';
import { metaRoutes } from './modules/meta/routes.ts';
import { partyRoutes } from './modules/parties/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { documentProvenanceRoutes } from './modules/provenance/routes.ts';
import { recipientRoutes } from './modules/recipient/routes.ts';
import { transparencyLogRoutes } from './modules/tlog/routes.ts';
import { treasuryRoutes } from './modules/treasury/routes.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';

export function allRoutes(): AnyRoute[] {
  const list: AnyRoute[] = [];
  list.push(...metaRoutes(() => list), ...identityRoutes, ...partyRoutes, ...keyRoutes);
  list.push(...documentRoutes, ...paymentRoutes, ...einvoiceRoutes, ...deliveryRoutes);
  list.push(...attachmentRoutes, ...documentProvenanceRoutes);
  list.push(...webhookRoutes);
  list.push(...transparencyLogRoutes);
  list.push(...treasuryRoutes);
  list.push(...financeRoutes);
  list.push(...bankRoutes);
  list.push(...inboundRoutes);
  list.push(...captureRoutes);
  list.push(...recipientRoutes);
  return list;
}
