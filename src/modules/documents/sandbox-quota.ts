// The sandbox quota (CONTRACT 8): at most 1,000 documents created per sandbox organization per
// rolling 24 hours of the service clock. Checked inside the creating transaction after locking the
// organization's row, so concurrent creates cannot both take the last slot.
import type { Tx } from '../../context.ts';
import { ApiError } from '../../lib/errors.ts';

export const SANDBOX_QUOTA = 1000;
export const SANDBOX_QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;

export async function enforceSandboxQuota(trx: Tx, organizationId: string, now: Date): Promise<void> {
  // FOR NO KEY UPDATE: serialises this organization's sandbox creates without blocking the
  // key-share locks that foreign keys to organizations take.
  await trx
    .selectFrom('organizations')
    .select('id')
    .where('id', '=', organizationId)
    .forNoKeyUpdate()
    .execute();
  // The 1,000th most recent create inside the window: while it exists the quota is used up, and
  // a slot frees when it leaves the window. Walks the issuer keyset index, at most 1,000 entries.
  const oldest = await trx
    .selectFrom('documents')
    .select('created_at')
    .where('issuer_organization_id', '=', organizationId)
    .where('created_at', '>', new Date(now.getTime() - SANDBOX_QUOTA_WINDOW_MS))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(SANDBOX_QUOTA - 1)
    .limit(1)
    .executeTakeFirst();
  if (!oldest) return;
  const retryAfter = Math.max(
    1,
    Math.ceil((oldest.created_at.getTime() + SANDBOX_QUOTA_WINDOW_MS - now.getTime()) / 1000),
  );
  throw new ApiError(
    'sandbox_quota',
    `This sandbox organization created ${SANDBOX_QUOTA} documents in the last 24 hours, its quota. Retry after ${retryAfter} seconds.`,
    { limit: SANDBOX_QUOTA, window_seconds: SANDBOX_QUOTA_WINDOW_MS / 1000, retry_after: retryAfter },
    { 'retry-after': String(retryAfter) },
  );
}
