// Auto-confirm (CONTRACT 13): with the organization's `capture.auto_confirm` on, a capture whose
// required fields (number, issue date, seller name, currency, total) were all read `high`, from a
// supplier docex knows (a key of the capture with at least one confirmed capture in
// capture_layouts), is confirmed by docex itself right after it is read: actor `capture_auto` on
// the capture and in the bill's history, the bill made at once with §11.5's holds unchanged (a new
// or changed IBAN is still held). Anything short of that leaves the capture for a person.
import type { AppContext, Tx } from '../../context.ts';
import { withSavepoint } from '../../db/transaction.ts';
import { ApiError } from '../../lib/errors.ts';
import { autoConfirmer, confirmLocked } from './confirm.ts';
import { REQUIRED } from './confirm-fields.ts';

/** Whether one of the supplier's keys has a confirmed capture in this organization. */
async function knownSupplier(trx: Tx, organizationId: string, keys: string[]): Promise<boolean> {
  if (keys.length === 0) return false;
  const row = await trx
    .selectFrom('capture_layouts')
    .select('supplier_key')
    .where('organization_id', '=', organizationId)
    .where('supplier_key', 'in', keys)
    .where('confirmed_count', '>=', 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * autoConfirmPort: confirms the capture when the rule above holds, in the caller's transaction;
 * answers whether it did. A capture the confirmation's checks refuse (its read values cannot make
 * a bill) stays `needs_review`, nothing written.
 */
export async function autoConfirm(ctx: AppContext, trx: Tx, captureId: string, now: Date): Promise<boolean> {
  const row = await trx
    .selectFrom('captures')
    .selectAll()
    .where('id', '=', captureId)
    .forUpdate()
    .executeTakeFirst();
  if (row?.status !== 'needs_review' || row.fields === null) return false;
  const org = await trx
    .selectFrom('organizations')
    .select('capture_auto_confirm')
    .where('id', '=', row.organization_id)
    .executeTakeFirstOrThrow();
  if (!org.capture_auto_confirm) return false;
  const fields = row.fields;
  if (!REQUIRED.every((name) => fields[name]?.confidence === 'high')) return false;
  if (!(await knownSupplier(trx, row.organization_id, row.supplier_keys))) return false;
  try {
    await withSavepoint(trx, (sp) =>
      confirmLocked(ctx, sp, row, undefined, autoConfirmer(row.organization_id), now),
    );
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.code === 'invalid_request') {
      ctx.log.info(
        { capture: captureId, reason: err.message },
        'capture: not auto-confirmed, left for review',
      );
      return false;
    }
    throw err;
  }
}
