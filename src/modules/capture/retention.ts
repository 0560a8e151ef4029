// Captures under the inbound retention pass (CONTRACT 11.5: a message is kept 90 days; inbound's
// messages.ts purgeOldMessages). A capture belongs to its message (the foreign key): it goes with
// it once closed — confirmed (the bill keeps the file as its attachment, the corrections are in
// its history), rejected, or a duplicate. A capture still being read or waiting for a person keeps
// its message past 90 days, so retention never deletes an invoice nobody has looked at; the next
// pass after its review takes both.
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Tx } from '../../context.ts';
import type { CaptureStatus } from '../../db/tables/capture.ts';

/** Waiting for docex (`reading`) or for a person (`needs_review`). */
const OPEN: readonly CaptureStatus[] = ['reading', 'needs_review'];

/** True for the message whose id is `messageId` (a column reference) while one of its captures is open. */
export function hasOpenCapture(messageId: RawBuilder<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select from captures c where c.inbound_message_id = ${messageId}
    and c.status in (${sql.join(OPEN)}))`;
}

/** Deletes the captures of messages about to be purged (none of them open: hasOpenCapture). */
export async function deleteCapturesOf(trx: Tx, messageIds: readonly string[]): Promise<void> {
  if (messageIds.length === 0) return;
  await trx.deleteFrom('captures').where('inbound_message_id', 'in', messageIds).execute();
}
