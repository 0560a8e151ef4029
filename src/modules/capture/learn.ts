// Learning per supplier (CONTRACT 13): a confirmed capture teaches docex where that supplier's
// fields sit, stored for each key the supplier is known by in the receiving organization (its VAT
// id, IBAN, or verified sender domain) with the count of its confirmed captures, in the
// confirmation's own transaction. Auto-confirm (auto-confirm.ts) reads that count: a supplier is
// known once it has one confirmed capture.
import { sql } from 'kysely';
import type { AppContext, Tx } from '../../context.ts';
import type { CaptureFields, LearnedLayout, ReadFile } from '../../lib/capture-shapes.ts';
import type { CaptureRow } from './captures.ts';
import { learnLayout, supplierKeysOf } from './extract/index.ts';

/** Stores what was learned under each key, one more confirmed capture for each. */
export async function storeLayout(
  trx: Tx,
  organizationId: string,
  keys: readonly string[],
  layout: LearnedLayout,
  now: Date,
): Promise<void> {
  for (const key of [...new Set(keys)]) {
    await trx
      .insertInto('capture_layouts')
      .values({
        organization_id: organizationId,
        supplier_key: key,
        layout: JSON.stringify(layout),
        confirmed_count: 1,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['organization_id', 'supplier_key']).doUpdateSet({
          layout: JSON.stringify(layout),
          confirmed_count: sql<number>`capture_layouts.confirmed_count + 1`,
          updated_at: now,
        }),
      )
      .execute();
  }
}

/** The layout learned before for any of these keys (the most confirmed first), or null. */
async function previousLayout(
  trx: Tx,
  organizationId: string,
  keys: string[],
): Promise<LearnedLayout | null> {
  if (keys.length === 0) return null;
  const row = await trx
    .selectFrom('capture_layouts')
    .select('layout')
    .where('organization_id', '=', organizationId)
    .where('supplier_key', 'in', keys)
    .orderBy('confirmed_count', 'desc')
    .orderBy('supplier_key')
    .limit(1)
    .executeTakeFirst();
  return row?.layout ?? null;
}

const readFileOf = (row: CaptureRow): ReadFile | null =>
  row.read_pages === null
    ? null
    : {
        method: row.method ?? 'text',
        pages: row.read_pages,
        pageCount: row.pages ?? row.read_pages.length,
        truncated: false,
        notes: row.notes,
      };

/**
 * Learns from a confirmation: the supplier's keys (from the confirmed fields, and the verified
 * sender domain the reading recorded), the layout learned with what was learned before, stored.
 * Answers the keys. Extraction failing to learn (an error in its code) costs the person nothing:
 * the confirmation stands, the failure is logged, and nothing is stored.
 */
export async function learnFromConfirmation(
  ctx: AppContext,
  trx: Tx,
  row: CaptureRow,
  confirmed: CaptureFields,
  now: Date,
): Promise<string[]> {
  const file = readFileOf(row);
  let keys: string[];
  try {
    keys = [...supplierKeysOf(confirmed), ...row.supplier_keys.filter((k) => k.startsWith('sender:'))];
  } catch (err) {
    ctx.log.warn({ err, capture: row.id }, 'capture: the supplier keys of a confirmation could not be made');
    return row.supplier_keys;
  }
  if (file === null || keys.length === 0) return keys;
  const previous = await previousLayout(trx, row.organization_id, keys);
  let layout: LearnedLayout;
  try {
    layout = learnLayout(file, confirmed, previous);
  } catch (err) {
    ctx.log.warn({ err, capture: row.id }, 'capture: nothing was learned from a confirmation');
    return keys;
  }
  await storeLayout(trx, row.organization_id, keys, layout, now);
  return keys;
}
