import { docex, newIdempotencyKey } from '../api/client';
import type { DemoBillBody } from '../api/types';

/**
 * POST /v1/sandbox/bills: the sandbox's demo counterparty issues a bill to this organization,
 * approved and ready to pay. Without a total the API picks one. Shared by the Sandbox page and the
 * documents page's first-run next steps, so both ask the same way.
 */
export function requestDemoBill(body: DemoBillBody) {
  return docex.POST('/v1/sandbox/bills', { body, headers: { 'Idempotency-Key': newIdempotencyKey() } });
}
