// What a message comes to once its captured files move (CONTRACT §13; plugged into the capture
// family's messageSettledPort by src/modules/wiring.ts): `processing` while a file of it is still
// being read, `needs_review` while any capture of it waits for a person, then what all its files
// came to: `accepted` with every bill made (its e-invoices' and its confirmed captures'),
// `duplicate` when everything repeated a bill received before. A message none of whose files
// became a bill is `accepted` when a person closed it (rejected a capture they reviewed: CONTRACT
// §13 "then accepted"), and `refused` with the reader's reasons and `inbound.refused` when docex
// could not read any of them (never reviewed: as a message with nothing to read is refused, §11.5).
// A message whose file repeats another message's capture (the same bytes: capture/store.ts)
// follows that capture as if it were its own, except that a bill it became is the message's
// `duplicate_of`, not one of its `document_ids` (it made nothing new: CONTRACT 11.5). Settling a
// message settles the messages that repeat its captures too.
// Runs in the transaction of the capture's change, the message locked.
import { sql } from 'kysely';
import type { Tx } from '../../context.ts';
import { appendEvents } from '../events/append.ts';
import { LISTED, projectMessage } from './messages.ts';

export async function settleMessage(trx: Tx, messageId: string, now: Date, repeaters = true): Promise<void> {
  const m = await trx
    .selectFrom('inbound_messages')
    .select(['status', 'document_ids', 'duplicate_of', 'repeats_capture_ids'])
    .where('id', '=', messageId)
    .forUpdate()
    .executeTakeFirst();
  if (!m) return;
  // its own captures, and the captures of other messages its files repeat (the same bytes)
  const captures = await trx
    .selectFrom('captures')
    .select([
      'id',
      'inbound_message_id',
      'filename',
      'status',
      'method',
      'document_id',
      'duplicate_of',
      'reject_reason',
    ])
    .where((eb) =>
      m.repeats_capture_ids.length > 0
        ? eb.or([eb('inbound_message_id', '=', messageId), eb('id', 'in', m.repeats_capture_ids)])
        : eb('inbound_message_id', '=', messageId),
    )
    .orderBy('created_at')
    .orderBy('part')
    .execute();
  if (captures.length === 0) return;
  const own = captures.filter((c) => c.inbound_message_id === messageId);
  const documentIds = [
    ...new Set([...m.document_ids, ...own.map((c) => c.document_id).filter((d): d is string => d !== null)]),
  ];
  // a repeated capture's bill is not this message's: the message repeats it (CONTRACT 11.5, "the
  // same invoice twice ... creates nothing new: the message is kept with duplicate_of")
  const repeatedBill = (c: (typeof captures)[number]) =>
    c.inbound_message_id === messageId ? null : c.document_id;
  const duplicateOf =
    m.duplicate_of ??
    captures.find((c) => c.duplicate_of !== null)?.duplicate_of ??
    captures.map(repeatedBill).find((d) => d !== null) ??
    null;
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
  // the messages that repeat this one's captures follow them: settled in the same transaction
  if (repeaters && own.length > 0) {
    const followers = await trx
      .selectFrom('inbound_messages')
      .select('id')
      .where('repeats_capture_ids', '&&', sql<string[]>`${sql.val(own.map((c) => c.id))}::text[]`)
      .where('id', '!=', messageId)
      .orderBy('id')
      .execute();
    for (const f of followers) await settleMessage(trx, f.id, now, false);
  }
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
