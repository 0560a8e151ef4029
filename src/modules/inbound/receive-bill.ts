// The bill a received file becomes (CONTRACT 11.5), whether the file was an e-invoice (process.ts)
// or a capture a person or docex confirmed (CONTRACT 13, through capture's billFromCapturePort): the
// seller matched among the receiver's counterparties or added as an external party, the duplicate
// rule (same seller, number, date and total), the payment holds, the document issued BY the seller
// TO the receiver, the file (and for mail the raw message) as its attachments, `document.received`.
// One function, so that both channels make the same bill and find each other's duplicates.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Tx } from '../../context.ts';
import type { PaymentHold, ReceivedInfo } from '../../db/tables/documents.ts';
import type { SenderAuthentication } from '../../db/tables/inbound.ts';
import { ApiError } from '../../lib/errors.ts';
import type { LegalProfile } from '../../lib/legal-profile.ts';
import { compactAddress, compactIdentifier } from '../../lib/party-identifiers.ts';
import { attachServiceFile } from '../attachments/add-attachment.ts';
import { MAX_ATTACHMENT_BYTES } from '../attachments/schemas.ts';
import type { DocumentRecord } from '../documents/index.ts';
import {
  insertDocument,
  loadIssuingConnection,
  projectDocument,
  receivedDuplicate,
  systemActor,
} from '../documents/index.ts';
import { precedingDocument } from '../einvoice/import-document.ts';
import type { ImportedInvoice, ImportedParty } from '../einvoice/import-model.ts';
import type { ReceivedContent } from '../einvoice/received-content.ts';
import { appendEvents } from '../events/append.ts';
import { findCounterparties } from '../parties/directory.ts';
import { emailProblem } from '../parties/email.ts';
import { createExternalParty } from '../parties/external-parties.ts';
import { paymentHoldFor, receivedPaymentAccount, withCaptureHold } from './holds.ts';
import { senderVerifiedByAddress } from './sender-address.ts';

/** A refusal: the message is refused with these reasons and nothing else is written. */
export class Refused extends Error {
  readonly reasons: string[];
  /** the §9 import's errors behind some of the reasons (the upload answers with them) */
  readonly errors: ApiError[];
  constructor(reasons: string[], errors: ApiError[] = []) {
    super(reasons.join(' '));
    this.reasons = reasons;
    this.errors = errors;
  }
}

/**
 * BG-4 with its identifiers as docex compares and stores them (no spaces, dots, dashes or slashes:
 * CONTRACT 11.5) and its contact email only when it is one: an address that is not (`XX`) is
 * ignored, never a reason to refuse the file.
 */
function compactParty(p: ImportedParty): ImportedParty {
  const ea = p.electronicAddress;
  const lr = p.legalRegistrationId;
  return {
    ...p,
    electronicAddress: ea ? { scheme: ea.scheme, value: compactAddress(ea.scheme, ea.value) } : null,
    vatId: p.vatId === null ? null : compactIdentifier(p.vatId).toUpperCase(),
    legalRegistrationId: lr ? { scheme: lr.scheme, value: compactIdentifier(lr.value) } : null,
    email: p.email !== null && emailProblem(p.email) === null ? p.email : null,
  };
}

/** The seller's term a problem of its new party's fields comes from, in the receiver's words. */
const SELLER_TERMS: [string, string][] = [
  ['legal_profile.vat_id', "the seller's VAT id (BT-31)"],
  ['legal_profile.legal_registration_id', "the seller's legal registration id (BT-30)"],
  ['legal_profile.electronic_address', "the seller's electronic address (BT-34)"],
  ['legal_profile.address', "the seller's address (BG-5)"],
  ['legal_profile.legal_name', "the seller's name (BT-27)"],
  ['legal_profile.contact', "the seller's contact (BG-6)"],
  ['name', "the seller's name (BT-27)"],
  ['email', "the seller's email (BT-43)"],
];

/** A refusal of the seller's details as the receiver reads it: whose term, and what to do. */
function sellerRefusal(err: ApiError): Refused | null {
  const errors = (err.details?.errors as { path?: string; message?: string }[] | undefined) ?? [];
  if (err.code !== 'invalid_request' || errors.length === 0) return null;
  return new Refused(
    errors.map((e) => {
      const path = (e.path ?? '').replace(/^external_party\./, '');
      const term =
        SELLER_TERMS.find(([p]) => path === p || path.startsWith(`${p}.`))?.[1] ??
        "the seller's details (BG-4)";
      return `${term} in the supplier's file cannot be kept: ${e.message ?? 'it is not valid'}. The file is the supplier's: ask them for a corrected one.`;
    }),
  );
}

/** BG-4 as a legal profile, when the file gives all a profile needs (name and full address). */
function profileOf(p: ImportedParty): LegalProfile | null {
  const a = p.address;
  if (!p.name || !a.line1 || !a.city || !a.postalCode || !a.countryCode) return null;
  return {
    legal_name: p.name,
    address: {
      line1: a.line1,
      ...(a.line2 ? { line2: a.line2 } : {}),
      city: a.city,
      postal_code: a.postalCode,
      country_code: a.countryCode.toUpperCase(),
    },
    ...(p.vatId ? { vat_id: p.vatId } : {}),
    ...(p.legalRegistrationId
      ? {
          legal_registration_id: {
            ...(p.legalRegistrationId.scheme ? { scheme: p.legalRegistrationId.scheme } : {}),
            value: p.legalRegistrationId.value,
          },
        }
      : {}),
    ...(p.electronicAddress?.scheme
      ? { electronic_address: { scheme: p.electronicAddress.scheme, value: p.electronicAddress.value } }
      : {}),
    ...(p.email ? { contact: { email: p.email } } : {}),
  };
}

/** The seller's organization and connection: a matched counterparty, or a new external party. */
export async function sellerOf(
  trx: Tx,
  org: { id: string; environment: 'live' | 'sandbox' },
  fileSeller: ImportedParty,
  senderAddress: string | null,
  now: Date,
): Promise<{ organizationId: string; connectionId: string; created: boolean }> {
  const seller = compactParty(fileSeller);
  const ea = seller.electronicAddress;
  const matches = await findCounterparties(trx, org.id, {
    electronic_address: ea?.scheme ? { scheme: ea.scheme, value: ea.value } : null,
    vat_id: seller.vatId,
    legal_registration_id: seller.legalRegistrationId,
  });
  const match =
    matches.find((m) => m.organization_id !== org.id) ?? (await sellerByReceivedIds(trx, org.id, seller));
  if (match)
    return { organizationId: match.organization_id, connectionId: match.connection_id, created: false };
  if (!seller.name)
    throw new Refused([
      "The seller's name (BT-27) is missing from the supplier's file, so docex cannot add the seller as a party; ask the supplier for a corrected file.",
    ]);
  // Without an email (an upload whose file gives no BT-43) the party is added without one: nothing
  // is emailed to it until someone sets it (CONTRACT 11.5).
  const email = seller.email ?? senderAddress;
  let party: Awaited<ReturnType<typeof createExternalParty>>;
  try {
    party = await createExternalParty(
      trx,
      org.id,
      { name: seller.name, email, legal_profile: profileOf(seller) },
      org.environment,
      now,
    );
  } catch (err) {
    const refused = err instanceof ApiError ? sellerRefusal(err) : null;
    throw refused ?? err;
  }
  return { organizationId: party.id, connectionId: party.connection_id, created: true };
}

/**
 * A seller known by the identifiers an earlier received bill of this receiver recorded
 * (`received.seller_ids`), when no counterparty's profile holds them: a party added from a capture
 * (CONTRACT 13) has a name and no address, so no legal profile keeps its VAT id, yet the next file
 * of that seller, captured or an e-invoice, is the same party (and the duplicate rule, which
 * compares sellers, finds the same invoice across channels in either order). Only the receiver's
 * own external parties are found so: an organization is attributed a file only by an identifier
 * verified for it (CONTRACT 11.5, "Attribution").
 */
async function sellerByReceivedIds(
  trx: Tx,
  receiverId: string,
  seller: ImportedParty,
): Promise<{ organization_id: string; connection_id: string } | null> {
  const tries: [string, string][] = [];
  if (seller.vatId) tries.push(['vat_id', seller.vatId]);
  if (seller.legalRegistrationId) tries.push(['registration_id', seller.legalRegistrationId.value]);
  for (const [key, value] of tries) {
    const row = await trx
      .selectFrom('documents as d')
      .innerJoin('organizations as o', 'o.id', 'd.issuer_organization_id')
      .innerJoin('connections as c', 'c.id', 'd.connection_id')
      .select(['d.issuer_organization_id as organization_id', 'd.connection_id as connection_id'])
      .where('d.counterparty_organization_id', '=', receiverId)
      .where('d.received', 'is not', null)
      .where('o.external', '=', true)
      .where('c.status', '=', 'active')
      .where(sql<boolean>`upper(d.received->'seller_ids'->>${key}) = ${value.toUpperCase()}`)
      .orderBy('d.created_at')
      .limit(1)
      .executeTakeFirst();
    if (row) return row;
  }
  return null;
}

/** The message a received file came with (CONTRACT 11.5). */
export interface ReceivingMessage {
  id: string;
  channel: 'email' | 'upload';
  /** the From address (its envelope sender without one); null for an upload */
  sender: string | null;
  from_address: string | null;
  message_id: string | null;
  /** the raw message, kept as an attachment of a mailed bill (within the attachment limit) */
  raw: Buffer;
  auth: SenderAuthentication | null;
}

/** The file the bill is made of: kept as its attachment, its sha256 in `received`. */
export interface ReceivedFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
  sha256: string;
}

/** What the file says: its seller (BG-4), the bill's content, and where it asks to be paid. */
export interface ReceivableBill {
  seller: ImportedParty;
  number: string | null;
  issueDate: string | null;
  /** the bill's content (a thunk: read once the seller is matched, so a seller's refusal comes first) */
  received: () => ReceivedContent;
  paymentAccount: ImportedInvoice['paymentAccount'];
  /** CONTRACT 13: the capture it was confirmed from, and whether its total was read `high` */
  capture?: { id: string; totalUnconfirmed: boolean };
}

export type BillOutcome =
  | { status: 'created'; record: DocumentRecord }
  | { status: 'duplicate'; duplicateOf: string };

/**
 * Makes the receiver's bill of one received file, in the caller's transaction (which holds the
 * receiver's inbound advisory lock): throws Refused for a seller docex cannot add.
 */
export async function receiveBill(
  trx: Tx,
  org: { id: string; environment: 'live' | 'sandbox' },
  m: ReceivingMessage,
  file: ReceivedFile,
  bill: ReceivableBill,
  now: Date,
): Promise<BillOutcome> {
  const seller = await sellerOf(trx, org, bill.seller, m.sender, now);
  const connection = await loadIssuingConnection(trx, seller.organizationId, seller.connectionId);
  const { documentType, content, balanceDue, terms } = bill.received();
  if (documentType === 'credit_note' && content.external_refs.preceding_invoice !== undefined) {
    // BT-25 naming a bill this seller sent the receiver: the vendor credit derives from it
    const derivedFrom = await precedingDocument(
      trx,
      seller.organizationId,
      seller.connectionId,
      content.external_refs.preceding_invoice,
    );
    if (derivedFrom !== null) {
      const { preceding_invoice: _named, ...refs } = content.external_refs;
      content.external_refs = refs;
      content.derived_from = derivedFrom;
    }
  }
  const dup = await receivedDuplicate(
    trx,
    seller.organizationId,
    org.id,
    bill.number,
    bill.issueDate,
    content.total.toString(),
  );
  if (dup !== null) return { status: 'duplicate', duplicateOf: dup };
  const compact = compactParty(bill.seller);
  const received: ReceivedInfo = {
    channel: m.channel,
    from: m.sender,
    message_id: m.message_id,
    sender_verified: await senderVerifiedByAddress(trx, m.auth, m.from_address, seller, org.id),
    sha256: file.sha256,
    inbound_message_id: m.id,
    payment_account: receivedPaymentAccount(bill.paymentAccount),
    ...(terms ? { einvoice: terms } : {}),
    ...(bill.capture ? { capture_id: bill.capture.id } : {}),
    seller_ids: { vat_id: compact.vatId, registration_id: compact.legalRegistrationId?.value ?? null },
  };
  let paymentHold: PaymentHold | null = await paymentHoldFor(
    trx,
    seller.organizationId,
    org.id,
    received,
    now,
  );
  if (bill.capture?.totalUnconfirmed) paymentHold = withCaptureHold(paymentHold, now);
  const record = await insertDocument(
    trx,
    systemActor(seller.organizationId),
    {
      connection,
      documentType,
      content,
      balanceDue,
      status: 'submitted',
      issued: true,
      origin: m.channel,
      received,
      paymentHold,
    },
    now,
  );
  await attachServiceFile(
    trx,
    record.id,
    seller.organizationId,
    { filename: file.filename, content_type: file.contentType, bytes: file.bytes, sha256: file.sha256 },
    now,
  );
  if (m.channel === 'email' && m.raw.length <= MAX_ATTACHMENT_BYTES) {
    await attachServiceFile(
      trx,
      record.id,
      seller.organizationId,
      {
        filename: `${m.id}.eml`,
        content_type: 'message/rfc822',
        bytes: m.raw,
        sha256: createHash('sha256').update(m.raw).digest('hex'),
      },
      now,
    );
  }
  await appendEvents(
    trx,
    [
      {
        organizationId: org.id,
        sandbox: record.sandbox,
        type: 'document.received',
        documentId: record.id,
        data: { document: projectDocument(record, org.id), inbound_message_id: m.id },
      },
    ],
    now,
  );
  return { status: 'created', record };
}
