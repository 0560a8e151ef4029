// POST /v1/captures/{id}/confirm, declared as every operation is (src/http/route.ts): it feeds
// the routes, OpenAPI, the MCP tools and the security tests; joined to the others in routes.ts.
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { confirmCapture } from './confirm.ts';
import { ConfirmBody } from './confirm-schemas.ts';
import { Capture, CaptureParams } from './schemas.ts';

export const confirmCaptureRoute: AnyRoute = defineRoute({
  method: 'POST',
  url: '/v1/captures/:id/confirm',
  operationId: 'confirmCapture',
  summary: 'Confirm a capture: it becomes a bill',
  description:
    "Confirms what docex read from a PDF or scan (CONTRACT 13), with `fields` correcting any value (null: the file does not show it); each correction is kept with the value it replaced, who made it and when, on the capture (`corrections`) and in the bill's history. Required: number, issue_date, seller_name, currency and total (a missing one is 400 naming it at `fields.<name>`); dates must be real, amounts decimals with at most 2 decimals, net + tax = total to the cent, IBAN and RF references with valid check digits, VAT ids of their country's format. The capture then becomes a bill exactly as a received e-invoice does: the seller matched among your counterparties (VAT id, registration id) or added as an external party, the same duplicate rule (the same seller, number, date and total already received: the capture becomes `duplicate` with `duplicate_of`, no bill), payment holds (a new or changed IBAN; `capture_unconfirmed` when the total was not read `high`), the file as the bill's attachment, `document.received`. Answers the capture (the same object as GET /v1/captures/{id}) with `document_id`. Confirming a confirmed capture again answers it unchanged (no second bill), or 409 if the fields differ from what was confirmed; a rejected capture is 409, a duplicate 409 naming `duplicate_of`.",
  tags: ['Capture'],
  family: 'documents',
  auth: 'scopes',
  scopes: ['documents:write'],
  params: CaptureParams,
  body: ConfirmBody,
  response: { status: 200, schema: Capture, description: 'The capture, confirmed (or found a duplicate).' },
  errors: ['invalid_request', 'not_found', 'conflict', 'idempotency_conflict'],
  handler: async ({ ctx, principal, params, body }) => confirmCapture(ctx, principal, params.id, body),
});
