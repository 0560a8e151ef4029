// What a message comes to once its captured files move (CONTRACT §13; plugged into the capture
// family's messageSettledPort by src/modules/wiring.ts): `processing` while a file of it is still
// being read, `needs_review` while any capture of it waits for a person, then what all its files
// came to: `accepted` with every bill made (its e-invoices' and its confirmed captures'),
// `duplicate` when everything repeated a bill received before. A message none of whose files
// became a bill is `accepted` when a person closed it (rejected a capture they reviewed: CONTRACT
// §13 "then accepted"), and `refused` with the reader's reasons and `inbound.refused` when docex
// could not read any of them (never reviewed: as a message with nothing to read is refused, §11.5).
// Runs in the transaction of the capture's change, the message locked.
import type { Tx } from '../../context.ts';
import { appendEvents } from '../events/append.ts';
import { LISTED, projectMessage } from './messages.ts';

export async function settleMessage(trx: Tx, messageId: string, now: Date): Promise<void> {
  const m = await trx
    .selectFrom('inbound_messages')
    .select(['status', 'document_ids', 'duplicate_of'])
    .where('id', '=', messageId)
    .forUpdate()
    .executeTakeFirst();
  if (!m) return;
  const captures = await trx
    .selectFrom('captures')
    .select(['filename', 'status', 'method', 'document_id', 'duplicate_of', 'reject_reason'])
    .where('inbound_message_id', '=', messageId)
    .orderBy('part')
    .execute();
  if (captures.length === 0) return;
  const documentIds = [
    ...new Set([
      ...m.document_ids,
      ...captures.map((c) => c.document_id).filter((d): d is string => d !== null),
    ]),
  ];
  const duplicateOf = m.duplicate_of ?? captures.find((c) => c.duplicate_of !== null)?.duplicate_of ?? null;
  const status = captures.some((c) => c.status === 'reading')
    ? 'processing'
    : captures.some((c) => c.status === 'needs_review')
      ? 'needs_review'
      : documentIds.length > 0
        ? 'accepted'
        : duplicateOf !== null
          ? 'duplicate'
          : // a capture that was read (has a method) was rejected by a person who reviewed it
            captures.some((c) => c.method !== null)
            ? 'accepted'
            : 'refused';
  const reasons =
    status === 'refused'
      ? captures
          .filter((c) => c.status === 'rejected')
          .map((c) =>
            `${JSON.stringify(c.filename.slice(0, 100))} was rejected: ${c.reject_reason ?? ''}`.slice(
              0,
              2000,
            ),
          )
      : [];
  const row = await trx
    .updateTable('inbound_messages')
    .set({
      status,
      document_ids: documentIds,
      duplicate_of: status === 'duplicate' ? duplicateOf : m.duplicate_of,
      reasons,
    })
    .where('id', '=', messageId)
    .returning(LISTED)
    .executeTakeFirstOrThrow();
  if (status === 'refused' && m.status !== 'refused') {
    const org = await trx
      .selectFrom('organizations')
      .select('environment')
      .where('id', '=', row.organization_id)
      .executeTakeFirstOrThrow();
    await appendEvents(
      trx,
      [
        {
          organizationId: row.organization_id,
          sandbox: org.environment === 'sandbox',
          type: 'inbound.refused',
          data: { message: projectMessage(row) },
        },
      ],
      now,
    );
  }
}
