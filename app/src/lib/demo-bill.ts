import { api, newIdempotencyKey } from '../api/client';
import type { Document } from '../api/types';

/**
 * POST /v1/sandbox/bills: the sandbox's demo counterparty issues a bill to this organization,
 * approved and ready to pay. Without a total the API picks one. Shared by the Sandbox page and the
 * documents page's first-run next steps, so both ask the same way.
 */
export function requestDemoBill(body: { total?: number; currency: string }): Promise<Document> {
  return api.post<Document>('/v1/sandbox/bills', body, newIdempotencyKey());
}
