// GET /v1/documents/{id}/export (CONTRACT 6, docs/proof-bundle.md): the caller's proof bundle, the
// RFC 8785 bytes buildBundle makes. Nothing in it depends on the time of export:
//
// - document: the caller's view in docex-proof/1's frozen projection (bundle-projection.ts: the
//   fields 1.15.0 emitted, never the API's projection, which grows), every field stored state
//   (created_at, updated_at and issued_at are when things happened, not when they were read), plus
//   `attachments`, the list GET …/attachments returns, so each attachment's sha256 reaches the
//   counterparty's bundle too (the entries that recorded them are the issuer's private draft
//   entries);
// - history: the entries the caller may see; lineage: as GET …/lineage answers, in the frozen
//   projection too;
// - checkpoint: the FIRST checkpoint covering the head entry's leaf, which later checkpoints
//   never change; the inclusion proof in that checkpoint's tree; an Ed25519 signature, which is
//   deterministic.
//
// So the same state always gives the same bytes and the same Svc-Bundle-Digest, in this version
// and every later one.
//
// Any history can be exported (issue 35: one of 2,100 large entries broke V8's string limit, and
// documents made before the edit cap exist). The history is read in batches, never whole: a
// bundle whose history fits `exportTuning.inMemoryBytes` is built in memory by buildBundle; a
// larger one is streamed, byte for byte the same (the members around `history` are buildBundle's
// own canonical text, the entries are written one at a time, and the Ed25519 signature is
// computed over the streamed text in two passes, src/lib/ed25519-stream.ts).
//
// A signing-key rotation keeps those bytes (issue 37): before the old key is destroyed it signs,
// one last time, the bundle of every state that exists (frozenBundleSignatures, called by the
// rotation with the very code an export runs), and an export whose unsigned text still has that
// sha256 is served with the stored signature and public key. The retired key stays listed by GET
// /v1/provenance/keys, and the old checkpoints keep the notes it signed.
import { createHash, generateKeyPairSync, type Hash, sign } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Principal } from '../../http/principal.ts';
import { canonicalJson } from '../../lib/canonical.ts';
import { MessageChangedError, signStreamed } from '../../lib/ed25519-stream.ts';
import { ApiError } from '../../lib/errors.ts';
import { Pacer } from '../../lib/pacer.ts';
import { attachmentsOf } from '../attachments/list-attachments.ts';
import {
  findVisibleDocument,
  type HistoryAccess,
  HistoryReader,
  headMismatch,
  historyAccess,
} from '../documents/index.ts';
import { ensureLogProof, type LogProof, logProofForEntry } from '../tlog/checkpoints.ts';
import { ChainVerifier, GENESIS_HASH, type HistoryEntry } from '../tlog/hash-chain.ts';
import { cosignNote, type NoteSigner, parseNote, rawPublicKey, verifyNote } from '../tlog/signed-note.ts';
import { deploymentSigningKey } from '../tlog/signing-key.ts';
import {
  type Bundle,
  type BundleParts,
  type BundleSignature,
  buildBundle,
  sealedBundle,
  signatureMember,
  unsignedBundle,
} from './bundle.ts';
import { proofV1Document, proofV1Lineage } from './bundle-projection.ts';
import { lineageSteps } from './lineage.ts';

/** Seconds a caller waits before retrying an export whose head entry the log has not covered yet. */
const RETRY_AFTER_SECONDS = 2;

/**
 * A history whose entries' canonical JSON exceeds `inMemoryBytes` is streamed rather than built
 * in memory (building is one synchronous step of ~3× the text's size; 4 MiB keeps it under ~50
 * ms). Exported so the tests reach the streaming path with a small history.
 */
export const exportTuning = { inMemoryBytes: 4 * 1024 * 1024, chunkBytes: 64 * 1024 };

/** An export: its bytes, or (a large history) a stream of exactly `length` bytes. */
export type ExportedBundle =
  | { kind: 'bytes'; bytes: Buffer; digest: string }
  | { kind: 'stream'; length: number; digest: string; body: AsyncGenerator<Buffer> };

type Db = Kysely<DB>;

/** One party's view of a document as of one snapshot: what a bundle's parts are read from. */
interface ExportState {
  document: object;
  access: HistoryAccess;
  lineage: BundleParts['lineage'];
}

/**
 * One snapshot (repeatable read): the document, where its history ends, its attachments and its
 * lineage as of one instant, so a change committing halfway through cannot produce a bundle whose
 * parts describe different states. Throws not_found when `viewer` may not export the document.
 */
async function readState(trx: Db, viewer: string, documentId: string): Promise<ExportState> {
  const doc = await findVisibleDocument(trx, viewer, documentId);
  const access = await historyAccess(trx, viewer, doc.id);
  const lineage = await lineageSteps(trx, viewer, doc);
  const attachments = await attachmentsOf(trx, doc.id);
  return { document: proofV1Document(doc, viewer, attachments), access, lineage: proofV1Lineage(lineage) };
}

/**
 * The history the snapshot saw, read in batches (entries are append-only, so the entries up to the
 * newest one the snapshot saw are the snapshot's entries), its chain recomputed as it streams
 * past; the entries are kept while they fit `exportTuning.inMemoryBytes` (kept: null past that).
 * Refuses (conflict) a history that does not verify.
 */
async function readHistory(
  db: Db,
  access: HistoryAccess,
  documentId: string,
): Promise<{ head: HistoryEntry; kept: HistoryEntry[] | null }> {
  const verifier = new ChainVerifier(access.issuer ? GENESIS_HASH : null);
  let kept: HistoryEntry[] | null = [];
  let size = 0;
  let head: HistoryEntry | null = null;
  const reader = new HistoryReader(db, access);
  const pacer = new Pacer();
  for (let e = await reader.next(); e !== null; e = await reader.next()) {
    verifier.push(e);
    head = e;
    const bytes = Buffer.byteLength(canonicalJson(e));
    reader.observe(bytes);
    await pacer.spent(bytes);
    if (kept === null) continue;
    size += bytes;
    if (size > exportTuning.inMemoryBytes) kept = null;
    else kept.push(e);
  }
  const broken = verifier.broken ?? headMismatch(access);
  // The service signs only a history that verifies. A broken chain is shown by GET …/history
  // (verified: false) and refused here, with the same details: signing it would hand out a bundle
  // whose history the service knows is not the one it recorded (e.g. newest entries deleted,
  // which leaves a shorter chain that would otherwise verify).
  if (broken) {
    throw new ApiError(
      'conflict',
      `This document's history does not verify (${broken.reason} at seq ${broken.broken_at}): it was altered outside the service, so no proof bundle is signed for it. GET /v1/documents/${documentId}/history shows the break.`,
      { reason: 'history_not_verified', broken_at: broken.broken_at, break_reason: broken.reason },
    );
  }
  if (head === null) throw new Error(`document ${documentId} has no history entry`);
  return { head, kept };
}

function partsOf(
  state: ExportState,
  head: HistoryEntry,
  kept: HistoryEntry[] | null,
  proof: LogProof,
): BundleParts {
  return {
    document: state.document,
    history: kept ?? [head],
    lineage: state.lineage,
    checkpoint_note: proof.checkpoint_note,
    inclusion_proof: proof.inclusion_proof,
  };
}

/** The signature a rotation stored for this party's bundle of this document (migration 0028). */
interface FrozenSignature {
  contentSha256: Buffer;
  checkpointNote: string;
  signature: BundleSignature;
}

async function frozenSignature(db: Db, documentId: string, viewer: string): Promise<FrozenSignature | null> {
  const row = await db
    .selectFrom('bundle_signatures')
    .select(['content_sha256', 'checkpoint_note', 'public_key', 'signature'])
    .where('document_id', '=', documentId)
    .where('organization_id', '=', viewer)
    .executeTakeFirst();
  if (!row) return null;
  return {
    contentSha256: Buffer.from(row.content_sha256),
    checkpointNote: row.checkpoint_note,
    signature: { publicKey: Buffer.from(row.public_key), value: Buffer.from(row.signature) },
  };
}

export async function exportBundle(
  ctx: AppContext,
  principal: Principal,
  documentId: string,
): Promise<ExportedBundle> {
  const me = principal.organization.id;
  const state = await inTransaction(ctx.db, (trx) => readState(trx, me, documentId), {
    isolation: 'repeatable read',
  });
  const { access } = state;
  const { head, kept } = await readHistory(ctx.db, access, documentId);

  // Cuts a checkpoint at once (under the sequencer's lock) when the head is still pending, so an
  // export right after a write does not wait for the checkpoint task.
  const proof = await ensureLogProof(ctx, head.hash);
  if (proof === null) {
    const pending = await ctx.db
      .selectFrom('tlog_pending')
      .select('id')
      .where('entry_hash', '=', Buffer.from(head.hash, 'hex'))
      .limit(1)
      .executeTakeFirst();
    if (pending) {
      // Only behind a backlog of many batches: the checkpoint task reaches it within seconds.
      throw new ApiError(
        'conflict',
        `The transparency log has not yet covered this document's newest history entry. Retry in ${RETRY_AFTER_SECONDS} seconds.`,
        { reason: 'log_pending', retry_after: RETRY_AFTER_SECONDS },
        { 'retry-after': String(RETRY_AFTER_SECONDS) },
      );
    }
    // Every entry the service writes enters the log in its own transaction (a trigger on
    // document_history), so a head that is not there was written behind the service's back.
    throw new ApiError(
      'conflict',
      "This document's newest history entry is not in the transparency log: the history was rewritten outside the service, so no proof bundle is signed for it.",
      { reason: 'head_not_in_log', head_hash: head.hash },
    );
  }

  const key = await deploymentSigningKey(ctx);
  const parts = partsOf(state, head, kept, proof);
  const frozen = await frozenSignature(ctx.db, access.documentId, me);
  if (kept !== null) return { kind: 'bytes', ...inMemoryBundle(parts, key.signer, frozen) };
  return streamBundle(ctx.db, access, parts, head, key.signer, frozen);
}

/**
 * The parts with the checkpoint note a frozen bundle carried, when it is the same checkpoint (the
 * same body: origin, size, root) as the one this export found; null when it is another.
 */
function withFrozenNote(parts: BundleParts, frozen: FrozenSignature): BundleParts | null {
  if (parseNote(frozen.checkpointNote).body !== parseNote(parts.checkpoint_note).body) return null;
  return { ...parts, checkpoint_note: frozen.checkpointNote };
}

/** buildBundle, or the same unsigned bundle with the signature a rotation froze for it. */
function inMemoryBundle(parts: BundleParts, signer: NoteSigner, frozen: FrozenSignature | null): Bundle {
  const asFrozen = frozen && withFrozenNote(parts, frozen);
  if (frozen && asFrozen) {
    const unsigned = unsignedBundle(asFrozen, signer.name);
    const content = createHash('sha256').update(canonicalJson(unsigned), 'utf8').digest();
    if (content.equals(frozen.contentSha256)) return sealedBundle(unsigned, signer.name, frozen.signature);
  }
  return buildBundle(signedCheckpoint(parts, signer), signer);
}

/**
 * The parts with a checkpoint note the signer signed. A checkpoint cut before a signing-key
 * rotation keeps its note, signed by the retired key only (the log never rewrites a checkpoint).
 * A bundle of a state the retired key did not sign (one that changed after the rotation without a
 * new history entry: a new descendant in its lineage, a renamed party) may still have its head in
 * such a checkpoint; the bundle then carries that note with the current key's cosignature appended
 * (a C2SP note may bear several signatures; a verifier checks the one by the bundle's key and
 * skips the others). Ed25519 being deterministic, the same state still gives the same bytes. A
 * checkpoint the current key cut is carried as it is.
 */
function signedCheckpoint(parts: BundleParts, signer: NoteSigner): BundleParts {
  const publicKeyRaw = rawPublicKey(signer.privateKey);
  if (verifyNote(parts.checkpoint_note, { name: signer.name, publicKeyRaw })) return parts;
  return { ...parts, checkpoint_note: cosignNote(parts.checkpoint_note, signer) };
}

/** The canonical text of a large bundle around its history, and the history's text. */
interface StreamedText {
  prefix: string;
  unsignedSuffix: string;
  unsigned: Record<string, unknown>;
  skeletonSignature: Record<string, unknown>;
  entries: () => AsyncGenerator<string>;
}

/**
 * buildBundle makes the bundle around a one-entry history (signed by a throwaway key, so the
 * deployment key never signs a bundle it does not hand out); its members other than `history` and
 * `signature` are the real ones, and their canonical text is written around the entries.
 */
function streamedText(
  db: Db,
  access: HistoryAccess,
  parts: BundleParts,
  head: HistoryEntry,
  name: string,
): StreamedText {
  const throwaway = { name, privateKey: generateKeyPairSync('ed25519').privateKey };
  const skeleton = JSON.parse(
    buildBundle({ ...parts, history: [head] }, throwaway).bytes.toString('utf8'),
  ) as {
    signature: Record<string, unknown>;
  } & Record<string, unknown>;
  const { signature: skeletonSignature, ...unsigned } = skeleton;
  const [prefix, unsignedSuffix] = splitAround(unsigned, 'history');
  return {
    prefix,
    unsignedSuffix,
    unsigned,
    skeletonSignature,
    entries: () => historyText(db, access, head),
  };
}

/**
 * The bundle of a large history, streamed (streamedText). The real signature is computed over that
 * text in two streamed passes over the rows (the second also hashes the bundle's bytes for
 * Svc-Bundle-Digest), and a third pass is the answer, checked against the digest before its last
 * bytes go out (a history that changed between passes is never sent whole: it can only change
 * behind the service's back, and the verifier would reject it). With the verifying read, a large
 * export reads its rows four times, a batch at a time; only histories past 4 MiB pay this. With a
 * frozen signature (a rotation's), one pass hashes the signed text instead; when it matches, the
 * stored signature is the bundle's and that pass's hash of the body is the digest.
 */
async function streamBundle(
  db: Db,
  access: HistoryAccess,
  parts: BundleParts,
  head: HistoryEntry,
  signer: NoteSigner,
  frozen: FrozenSignature | null,
): Promise<ExportedBundle> {
  const asFrozen = frozen && withFrozenNote(parts, frozen);
  if (frozen && !asFrozen) return streamBundle(db, access, parts, head, signer, null);
  const { prefix, unsignedSuffix, unsigned, skeletonSignature, entries } = streamedText(
    db,
    access,
    asFrozen || parts,
    head,
    signer.name,
  );
  const digestBody: Hash = createHash('sha256');
  let bodyBytes = 0;
  let sig: BundleSignature | null = null;
  if (frozen) {
    const content = createHash('sha256');
    content.update(prefix, 'utf8');
    digestBody.update(prefix, 'utf8');
    bodyBytes += Buffer.byteLength(prefix);
    for await (const text of entries()) {
      content.update(text, 'utf8');
      digestBody.update(text, 'utf8');
      bodyBytes += Buffer.byteLength(text);
    }
    content.update(unsignedSuffix, 'utf8');
    if (content.digest().equals(frozen.contentSha256)) sig = frozen.signature;
  }
  if (sig === null) {
    // Not the state a retired key signed: the current key signs it, over a checkpoint it signed.
    const current = signedCheckpoint(parts, signer);
    if (frozen || current !== parts) return streamBundle(db, access, current, head, signer, null);
    // The second signing pass hashes the bundle's bytes up to its closing members: every chunk
    // but the last, which is the unsigned text's closing members.
    const hash: Hash = createHash('sha256');
    let held: Buffer | null = null;
    let bytes = 0;
    const signed = await signStreamed(
      signer.privateKey,
      async function* () {
        yield prefix;
        yield* entries();
        yield unsignedSuffix;
      },
      (chunk) => {
        if (held) {
          hash.update(held);
          bytes += held.length;
        }
        held = chunk;
      },
    ).catch((err: unknown) => {
      if (err instanceof MessageChangedError) throw historyChanged();
      throw err;
    });
    sig = { publicKey: rawPublicKey(signer.privateKey), value: signed.signature };
    return sendStreamed(prefix, entries, unsigned, skeletonSignature, signer.name, sig, hash, bytes);
  }
  return sendStreamed(prefix, entries, unsigned, skeletonSignature, signer.name, sig, digestBody, bodyBytes);
}
/**
 * The answer of a streamed bundle: `bodyHash` has hashed the `bodyBytes` bytes of its text up to
 * its closing members (prefix and entries); the closing members carry the signature.
 */
function sendStreamed(
  prefix: string,
  entries: () => AsyncGenerator<string>,
  unsigned: Record<string, unknown>,
  skeletonSignature: Record<string, unknown>,
  name: string,
  sig: BundleSignature,
  bodyHash: Hash,
  bodyBytes: number,
): ExportedBundle {
  const signature = { ...skeletonSignature, ...signatureMember(name, sig) };
  const [signedPrefix, suffix] = splitAround({ ...unsigned, signature }, 'history');
  // `signature` sorts after `history`, so only the closing members differ from the signed text.
  if (signedPrefix !== prefix) throw new Error('the bundle signature precedes its history');
  bodyHash.update(suffix);
  const length = bodyBytes + Buffer.byteLength(suffix);
  const digest = bodyHash.digest('hex');

  async function* body(): AsyncGenerator<Buffer> {
    const check = createHash('sha256');
    let sent = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    for await (const text of (async function* () {
      yield prefix;
      yield* entries();
    })()) {
      const b = Buffer.from(text, 'utf8');
      check.update(b);
      pending.push(b);
      pendingBytes += b.length;
      if (pendingBytes >= exportTuning.chunkBytes) {
        sent += pendingBytes;
        yield Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
      }
    }
    const last = Buffer.concat([...pending, Buffer.from(suffix, 'utf8')]);
    check.update(Buffer.from(suffix, 'utf8'));
    if (check.digest('hex') !== digest || sent + last.length !== length) {
      // The body no longer matches its digest header: end it short rather than complete it.
      throw new Error('the history changed while its bundle was being sent');
    }
    yield last;
  }
  return { kind: 'stream', length, digest, body: body() };
}

/** Documents read per batch by frozenBundleSignatures. */
const FREEZE_BATCH = 200;

/**
 * A signing-key rotation's last use of the key it retires (issue 37): every party's bundle of
 * every document as it stands now is built exactly as an export builds it and signed with
 * `retiring`; the signature is stored with the sha256 of the text it covers (migration 0028), and
 * exportBundle serves it for as long as the unsigned bundle is that text. A state an earlier
 * rotation already signed keeps that signature (its bytes were served since). A document whose
 * bundle cannot be exported now (a history that does not verify, a head not yet in a checkpoint:
 * the next checkpoint is the new key's, so its bundle is a new state anyway) is passed over.
 * Documents are read in batches by id; run inside the rotation's transaction. Returns how many
 * bundles were signed.
 */
export async function frozenBundleSignatures(trx: Db, retiring: NoteSigner, now: Date): Promise<number> {
  let signed = 0;
  for (let after = ''; ; ) {
    const docs = await trx
      .selectFrom('documents')
      .select(['id', 'issuer_organization_id', 'counterparty_organization_id', 'issued_at'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(FREEZE_BATCH)
      .execute();
    if (docs.length === 0) return signed;
    for (const d of docs) {
      // Exactly who may export it (findVisibleDocument): the issuer, the counterparty once issued.
      const viewers = new Set([d.issuer_organization_id]);
      if (d.issued_at !== null) viewers.add(d.counterparty_organization_id);
      for (const viewer of viewers) {
        if (await freezeOne(trx, retiring, d.id, viewer, now)) signed++;
      }
    }
    after = (docs.at(-1) as { id: string }).id;
  }
}

async function freezeOne(
  trx: Db,
  retiring: NoteSigner,
  documentId: string,
  viewer: string,
  now: Date,
): Promise<boolean> {
  let state: ExportState;
  let history: { head: HistoryEntry; kept: HistoryEntry[] | null };
  try {
    state = await readState(trx, viewer, documentId);
    history = await readHistory(trx, state.access, documentId);
  } catch (err) {
    if (err instanceof ApiError) return false;
    throw err;
  }
  const { head, kept } = history;
  const proof = await logProofForEntry(trx, head.hash);
  if (proof === null) return false;
  const base = partsOf(state, head, kept, proof);
  const frozen = await frozenSignature(trx, documentId, viewer);
  // A state an earlier rotation signed is served with that signature (exportBundle): kept.
  const asFrozen = frozen && withFrozenNote(base, frozen);
  if (frozen && asFrozen) {
    const text = kept !== null ? null : streamedText(trx, state.access, asFrozen, head, retiring.name);
    const hash = createHash('sha256');
    if (text === null) hash.update(canonicalJson(unsignedBundle(asFrozen, retiring.name)), 'utf8');
    else {
      hash.update(text.prefix, 'utf8');
      for await (const t of text.entries()) hash.update(t, 'utf8');
      hash.update(text.unsignedSuffix, 'utf8');
    }
    if (hash.digest().equals(frozen.contentSha256)) return false;
  }
  // What an export under the retiring key serves: a checkpoint it did not cut gains its cosignature.
  const parts = signedCheckpoint(base, retiring);
  let content: Buffer;
  let value: Buffer;
  if (kept !== null) {
    const text = Buffer.from(canonicalJson(unsignedBundle(parts, retiring.name)), 'utf8');
    content = createHash('sha256').update(text).digest();
    value = sign(null, text, retiring.privateKey);
  } else {
    const { prefix, unsignedSuffix, entries } = streamedText(trx, state.access, parts, head, retiring.name);
    const s = await signStreamed(retiring.privateKey, async function* () {
      yield prefix;
      yield* entries();
      yield unsignedSuffix;
    });
    content = s.sha256;
    value = s.signature;
  }
  const row = {
    document_id: documentId,
    organization_id: viewer,
    content_sha256: content,
    checkpoint_note: parts.checkpoint_note,
    public_key: rawPublicKey(retiring.privateKey),
    signature: value,
    created_at: now,
  };
  await trx
    .insertInto('bundle_signatures')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['document_id', 'organization_id']).doUpdateSet({
        content_sha256: row.content_sha256,
        checkpoint_note: row.checkpoint_note,
        public_key: row.public_key,
        signature: row.signature,
        created_at: row.created_at,
      }),
    )
    .execute();
  return true;
}

/** The history's entries as bundle text (canonical JSON, comma-separated), read in batches. */
async function* historyText(db: Db, access: HistoryAccess, head: HistoryEntry): AsyncGenerator<string> {
  const reader = new HistoryReader(db, access);
  const pacer = new Pacer();
  let first = true;
  let last: HistoryEntry | null = null;
  for (let e = await reader.next(); e !== null; e = await reader.next()) {
    const text = canonicalJson(e);
    reader.observe(text.length);
    await pacer.spent(text.length);
    yield first ? text : `,${text}`;
    first = false;
    last = e;
  }
  // The signed passes compare their digests; this catches a history cut short before the head.
  if (last?.hash !== head.hash) throw historyChanged();
}

function historyChanged(): ApiError {
  return new ApiError(
    'conflict',
    "This document's history changed while its proof bundle was being written, which the service never does: it was altered outside the service. Export again to see what GET …/history shows.",
    { reason: 'history_changed' },
  );
}

/**
 * The canonical JSON (RFC 8785) of `obj` cut around the array member `key`: the text before the
 * array's first element and after its last, so the elements can be written between them.
 */
function splitAround(obj: Record<string, unknown>, key: string): [string, string] {
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  const at = keys.indexOf(key);
  if (at < 0) throw new Error(`no member ${key}`);
  const member = (k: string) => `${canonicalJson(k)}:${canonicalJson(obj[k])}`;
  const before = keys.slice(0, at).map(member);
  const after = keys.slice(at + 1).map(member);
  return [`{${[...before, `${canonicalJson(key)}:[`].join(',')}`, `]${after.map((m) => `,${m}`).join('')}}`];
}
