// The worker's reading of captured files (CONTRACT §13): the oldest `reading` capture is leased
// (FOR UPDATE SKIP LOCKED, a lease token, its attempts counted), read on the capture pool
// (read-file.ts) outside any transaction, its fields extracted (extract/, on the capture pool too:
// hundreds of milliseconds for a scan, which the main thread must not spend), and the outcome written
// in ONE transaction that first re-checks, under the row's lock, that the lease is still this
// worker's and the capture still `reading` (docs/exactly-once.md): the fields and pages,
// `needs_review` (or `duplicate` of a bill received before), the `capture.needs_review` event, and
// the message's status, all or nothing. Two workers never read one file: the claim skips a leased
// row, and a worker whose lease lapsed writes nothing.
//
// - A file the reader refuses (ApiError invalid_request: unreadable, a bomb, OCR off for a scan)
//   is `rejected` with the reader's reason, by docex itself: it stays listed, with its bytes.
// - A busy pool, a read that took too long, or anything else that went wrong: the lease is given
//   back with a delay (RETRY_DELAYS_MS) and the file read again; after MAX_READ_ATTEMPTS claims
//   (a crashed worker's included) it is `rejected`, saying why.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { AppContext, Tx } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { CaptureReceiver, Extraction, LearnedLayout, ReadFile } from '../../lib/capture-shapes.ts';
import { languageOfCountry } from '../../lib/country-language.ts';
import { ApiError } from '../../lib/errors.ts';
import type { Pass, WorkerTask } from '../../worker/worker.ts';
import { appendEvents } from '../events/append.ts';
import { emptyFields, FILE_BYTES, PROJECTED, projectCapture } from './captures.ts';
import { capturedDuplicate } from './duplicate.ts';
import { learnedLanguage, supplierKeysOf } from './extract/index.ts';
import { autoConfirmPort, messageSettledPort } from './ports.ts';
import { ocrEngineInWords } from './read/ocr.ts';
import { ocrLanguagesFor } from './read/ocr-engine.ts';
import { extractCaptureFields, readCaptureFile } from './read-file.ts';

/** Longer than the capture pool lets one file take, so a live worker never loses its lease. */
export const CAPTURE_LEASE_MS = 10 * 60 * 1000;
/** Claims of one file before it is rejected (each busy pool, timeout or crash is one). */
export const MAX_READ_ATTEMPTS = 5;
/** The wait before the next attempt after the n-th failed one. */
export const RETRY_DELAYS_MS: readonly number[] = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000];

/**
 * What the pass reads and extracts with: the capture pool's reader and the extractor. A parameter
 * so that the pass's own work (claims, leases, retries, outcomes) is tested with readers whose
 * answers the test states; the worker's task uses these defaults.
 */
export interface CaptureReading {
  readFile: typeof readCaptureFile;
  extractFields: (
    file: ReadFile,
    receiver: CaptureReceiver,
    layout: LearnedLayout | null,
  ) => Extraction | Promise<Extraction>;
  supplierKeysOf: typeof supplierKeysOf;
}

/** The worker's reader and extractor: both on the capture pool (extract/ on the capture thread). */
export function poolReading(config: Config): CaptureReading {
  return {
    readFile: readCaptureFile,
    extractFields: (file, receiver, layout) => extractCaptureFields(config, file, receiver, layout),
    supplierKeysOf,
  };
}

interface Claimed {
  id: string;
  organization_id: string;
  inbound_message_id: string;
  filename: string;
  content_type: string;
  bytes: Uint8Array;
  attempts: number;
  supplier_keys: string[];
}

/** Leases the oldest capture waiting to be read (its lease free or lapsed), or null. */
async function claim(ctx: AppContext, token: string, now: Date): Promise<Claimed | null> {
  const { rows } = await sql<Claimed>`
    update captures set lease_until = ${new Date(now.getTime() + CAPTURE_LEASE_MS)}, lease_token = ${token},
           attempts = attempts + 1
     where id = (select id from captures
                  where status = 'reading' and (lease_until is null or lease_until < ${now})
                  order by created_at, id limit 1 for update skip locked)
       and status = 'reading'
    returning id, organization_id, inbound_message_id, filename, content_type, ${FILE_BYTES} as bytes, attempts,
      supplier_keys`.execute(ctx.db);
  return rows[0] ?? null;
}

/** Locks the capture and checks the lease is still this worker's. */
async function stillMine(trx: Tx, id: string, token: string): Promise<boolean> {
  const row = await trx
    .selectFrom('captures')
    .select(['status', 'lease_token'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row?.status === 'reading' && row.lease_token === token;
}

async function receiverOf(ctx: AppContext, organizationId: string): Promise<CaptureReceiver> {
  const org = await ctx.db
    .selectFrom('organizations')
    .select(['name', 'legal_profile'])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  const p = org.legal_profile;
  return {
    name: p?.legal_name ?? org.name,
    vat_id: p?.vat_id ?? null,
    legal_registration_id: p?.legal_registration_id?.value ?? null,
    country_code: p?.address.country_code ?? null,
  };
}

/** The layout learned for one of these supplier keys (the most confirmed), or null. */
async function learnedLayout(ctx: AppContext, organizationId: string, keys: string[]) {
  if (keys.length === 0) return null;
  const row = await ctx.db
    .selectFrom('capture_layouts')
    .select(['layout'])
    .where('organization_id', '=', organizationId)
    .where('supplier_key', 'in', keys)
    .orderBy('confirmed_count', 'desc')
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return (row?.layout as LearnedLayout | undefined) ?? null;
}

/**
 * What a scan is read in: the language its supplier wrote in at its last confirmation, when the
 * supplier is known before reading (the verified sender address its mail came from), else the
 * language of the receiving organization's country (its legal profile's address); then English;
 * all six when that is English or not known. The buyer's country is the language most of its
 * suppliers write in, and a page in another language read this way still has its digits, and its
 * letters but a few accents (extraction folds those): measured on the scan corpus
 * (docs/capture.md, "Languages known before reading").
 */
async function ocrLanguagesOf(ctx: AppContext, c: Claimed, receiver: CaptureReceiver) {
  const supplier = learnedLanguage(await learnedLayout(ctx, c.organization_id, c.supplier_keys));
  const country = receiver.country_code === null ? null : languageOfCountry(receiver.country_code);
  return ocrLanguagesFor(supplier ?? country);
}

/**
 * Extraction, then again with what was learned of the supplier it names (its VAT id, IBAN, or the
 * verified sender address the message came with), when something was.
 */
async function extract(
  ctx: AppContext,
  reading: CaptureReading,
  c: Claimed,
  file: ReadFile,
  receiver: CaptureReceiver,
): Promise<{ extraction: Extraction; keys: string[]; learned: boolean }> {
  const first = await reading.extractFields(file, receiver, null);
  const keysOf = (e: Extraction) => [...new Set([...reading.supplierKeysOf(e.fields), ...c.supplier_keys])];
  const layout = await learnedLayout(ctx, c.organization_id, keysOf(first));
  if (layout === null) return { extraction: first, keys: keysOf(first), learned: false };
  const again = await reading.extractFields(file, receiver, layout);
  return { extraction: again, keys: keysOf(again), learned: true };
}

type Finish =
  | { kind: 'read'; file: ReadFile; extraction: Extraction; keys: string[]; learned: boolean }
  | { kind: 'refused'; reason: string };

/** The outcome in one transaction with its event and the message's status; false: lease lost. */
async function finish(ctx: AppContext, c: Claimed, token: string, outcome: Finish): Promise<string | null> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (trx) => {
    if (!(await stillMine(trx, c.id, token))) return null;
    const common = { lease_until: null, lease_token: null, read_at: now };
    let status: 'needs_review' | 'duplicate' | 'rejected';
    if (outcome.kind === 'refused') {
      status = 'rejected';
      await trx
        .updateTable('captures')
        .set({
          ...common,
          status,
          fields: JSON.stringify(emptyFields()),
          // after why its embedded e-invoice was not used, when it had one (both reasons)
          reject_reason: sql<string>`left(array_to_string(notes || ${outcome.reason}::text, ' '), 2000)`,
          // docex's reader refused it: docex itself rejected it, now
          rejected_at: now,
          rejected_by: JSON.stringify({ kind: 'capture_auto', id: null }),
        })
        .where('id', '=', c.id)
        .execute();
    } else {
      const { file, extraction, keys, learned } = outcome;
      const duplicateOf = await capturedDuplicate(trx, c.organization_id, extraction.fields);
      status = duplicateOf === null ? 'needs_review' : 'duplicate';
      await trx
        .updateTable('captures')
        .set({
          ...common,
          status,
          duplicate_of: duplicateOf,
          pages: file.pageCount,
          method: file.method,
          read_pages: JSON.stringify(file.pages),
          // after the notes it was stored with (why its embedded e-invoice was not used)
          notes: sql<string[]>`notes || ${file.notes}::text[]`,
          fields: JSON.stringify(extraction.fields),
          lines: JSON.stringify(extraction.lines),
          supplier_keys: keys,
          learned,
        })
        .where('id', '=', c.id)
        .execute();
    }
    if (status === 'needs_review') {
      const row = await trx
        .selectFrom('captures')
        .select(PROJECTED)
        .where('id', '=', c.id)
        .executeTakeFirstOrThrow();
      const org = await trx
        .selectFrom('organizations')
        .select('environment')
        .where('id', '=', c.organization_id)
        .executeTakeFirstOrThrow();
      await appendEvents(
        trx,
        [
          {
            organizationId: c.organization_id,
            sandbox: org.environment === 'sandbox',
            type: 'capture.needs_review',
            data: { capture: projectCapture(row) },
          },
        ],
        now,
      );
    }
    await messageSettledPort.need()(trx, c.inbound_message_id, now);
    return status;
  });
}

/** Gives the lease back for a later attempt, or rejects the file once the attempts are spent. */
async function retryLater(ctx: AppContext, c: Claimed, token: string, why: string): Promise<void> {
  if (c.attempts >= MAX_READ_ATTEMPTS) {
    await finish(ctx, c, token, {
      kind: 'refused',
      reason: `docex could not read this file in ${c.attempts} attempts: ${why}`,
    });
    return;
  }
  const delay = RETRY_DELAYS_MS[Math.min(c.attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0]!;
  await ctx.db
    .updateTable('captures')
    .set({ lease_until: new Date(ctx.clock.now().getTime() + delay), lease_token: null })
    .where('id', '=', c.id)
    .where('status', '=', 'reading')
    .where('lease_token', '=', token)
    .execute();
}

/** Reads one claimed capture to its outcome (or to a later attempt). */
async function readClaimed(
  ctx: AppContext,
  reading: CaptureReading,
  c: Claimed,
  token: string,
): Promise<void> {
  if (c.attempts > MAX_READ_ATTEMPTS) {
    // claimed again after its attempts were spent without an outcome (workers that crashed)
    await finish(ctx, c, token, {
      kind: 'refused',
      reason: `docex could not read this file in ${MAX_READ_ATTEMPTS} attempts: reading it stopped the worker each time.`,
    });
    return;
  }
  let read: Extract<Finish, { kind: 'read' }>;
  try {
    const receiver = await receiverOf(ctx, c.organization_id);
    const file = await reading.readFile(
      ctx.config,
      { bytes: c.bytes, filename: c.filename, contentType: c.content_type },
      await ocrLanguagesOf(ctx, c, receiver),
    );
    read = { kind: 'read', file, ...(await extract(ctx, reading, c, file, receiver)) };
  } catch (err) {
    if (err instanceof ApiError && err.code === 'invalid_request') {
      await finish(ctx, c, token, { kind: 'refused', reason: err.message });
      return;
    }
    ctx.log.warn({ err, capture: c.id, attempts: c.attempts }, 'capture: reading failed, retried later');
    await retryLater(ctx, c, token, err instanceof Error ? err.message : String(err));
    return;
  }
  const status = await finish(ctx, c, token, read);
  if (status === 'needs_review' && autoConfirmPort.plugged) {
    try {
      const confirmAuto = autoConfirmPort.plugged;
      await inTransaction(ctx.db, (trx) => confirmAuto(ctx, trx, c.id, ctx.clock.now()));
    } catch (err) {
      // the capture is read and waits for a person: auto-confirm failing loses nothing
      ctx.log.error({ err, capture: c.id }, 'capture: auto-confirm failed; the capture waits for review');
    }
  }
}

/** The worker's pass: one capture read per pass (a pass is seconds of a pool thread's time). */
/** Configurations whose OCR engine was logged (once per process, at the first file to read). */
const announced = new WeakSet<Config>();

/** Says which engine reads scans, so an operator sees whether an installed tesseract is used. */
async function announceOcrEngine(ctx: AppContext): Promise<void> {
  if (announced.has(ctx.config) || !ctx.config.capture.ocr) return;
  announced.add(ctx.config);
  const engine = await ocrEngineInWords(ctx.config.capture.ocrNative);
  ctx.log.info({ ocr_engine: engine }, `capture: scans are read by ${engine} (DOCEX_OCR_NATIVE)`);
}

export async function captureReadPass(
  ctx: AppContext,
  reading: CaptureReading = poolReading(ctx.config),
): Promise<Pass> {
  const token = randomUUID();
  const claimed = await claim(ctx, token, ctx.clock.now());
  if (!claimed) return { handled: 0, full: false };
  await announceOcrEngine(ctx);
  await readClaimed(ctx, reading, claimed, token);
  return { handled: 1, full: true };
}

export const captureReadTask: WorkerTask = {
  name: 'capture-read',
  idleMs: 1_000,
  run: (ctx) => captureReadPass(ctx),
};
