// Public verification material (CONTRACT 6): the signing key, the latest signed checkpoint,
// consistency proofs and the published verifier. All unauthenticated, deliberately: they prove
// things about the deployment, reveal nothing about any organization (a checkpoint is a tree size
// and a hash), and a monitor or an auditor must be able to fetch them without an account.
import { readFile } from 'node:fs/promises';
import { Type } from '@sinclair/typebox';
import { defineRoute, SENT } from '../../http/route.ts';
import { ListOf, Timestamp } from '../../http/schemas.ts';
import { ApiError, invalid } from '../../lib/errors.ts';
import { checkpointOfSize, consistencyProofFor, latestCheckpoint } from './checkpoints.ts';
import { keyId, verifierKeyString } from './signed-note.ts';
import { deploymentSigningKey, retiredSigningKeys } from './signing-key.ts';

const VERIFIER_URL = new URL('../../../scripts/verify-bundle.mjs', import.meta.url);
let verifierBytes: Promise<Buffer> | null = null;

const Base64Hash = Type.String({ description: 'base64 (RFC 4648, padded) of a 32-byte SHA-256 hash.' });

const ProvenanceKey = Type.Object(
  {
    key_id: Type.String({
      description:
        'C2SP key id: 8 hex characters (the first 4 bytes of SHA-256(name ‖ 0x0A ‖ 0x01 ‖ public_key)).',
    }),
    alg: Type.Literal('Ed25519'),
    public_key: Type.String({
      description: 'base64 of the raw 32-byte Ed25519 public key (pin it with verify-bundle --public-key).',
    }),
    origin: Type.String({ description: 'The log origin, which is also the key name in signed notes.' }),
    vkey: Type.String({
      description: 'C2SP verifier key `<name>+<hex key id>+<base64(0x01 ‖ public key)>`.',
    }),
    created_at: Timestamp,
    retired_at: Type.Union([Timestamp, Type.Null()], {
      description:
        'null for the key that signs now. A retired key (replaced by a secret rotation, docs/security.md) signs nothing new; it verifies the bundles and checkpoints it signed before.',
    }),
    last_tree_size: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description:
        'For a retired key, the largest checkpoint it signed: a checkpoint of a larger tree signed by it is not one this log cut. null for the current key.',
    }),
  },
  { additionalProperties: false, title: 'ProvenanceKey' },
);

const LogCheckpoint = Type.Object(
  {
    origin: Type.String(),
    tree_size: Type.Integer({ minimum: 1 }),
    root_hash: Base64Hash,
    note: Type.String({
      description:
        'The C2SP signed note: origin, tree size and root hash lines, a blank line, signature lines.',
    }),
    created_at: Timestamp,
  },
  { additionalProperties: false, title: 'LogCheckpoint' },
);

const ConsistencyQuery = Type.Object(
  {
    from: Type.Integer({
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'The earlier tree size (the one you already hold a checkpoint of).',
    }),
    to: Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      description: 'The later tree size: the size of a checkpoint this log has cut.',
    }),
  },
  { additionalProperties: false },
);

const ConsistencyProof = Type.Object(
  {
    from: Type.Integer(),
    to: Type.Integer(),
    proof: Type.Array(Base64Hash, {
      description: 'RFC 9162 section 2.1.4.1 PROOF(from, D[to]); empty when from is 0 or equals to.',
    }),
  },
  { additionalProperties: false, title: 'LogConsistencyProof' },
);

export const transparencyLogRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/provenance/keys',
    operationId: 'listProvenanceKeys',
    summary: 'The public keys that sign proof bundles and log checkpoints',
    description:
      'Unauthenticated. The deployment signs every proof bundle and every transparency-log checkpoint with one Ed25519 key, generated once and kept until an operator rotates it (`docex rotate-secrets`, or the first start after an upgrade that sealed secrets). The current key comes first; keys a rotation retired follow, newest first, with `retired_at` and the largest tree they signed, so bundles exported before a rotation still verify. Pin `public_key` when verifying a bundle; `vkey` is the same key in the C2SP verifier-key form that note verifiers and witnesses accept.',
    tags: ['Provenance'],
    family: 'provenance',
    auth: 'none',
    response: {
      status: 200,
      schema: ListOf(ProvenanceKey, 'ProvenanceKey'),
      description: 'The signing keys, newest first.',
    },
    errors: [],
    handler: async ({ ctx }) => {
      const key = await deploymentSigningKey(ctx);
      const retired = (await retiredSigningKeys(ctx.db)).map((r) => {
        const raw = Buffer.from(r.public_key, 'base64');
        return {
          key_id: keyId(r.origin, raw).toString('hex'),
          alg: 'Ed25519' as const,
          public_key: r.public_key,
          origin: r.origin,
          vkey: verifierKeyString(r.origin, raw),
          created_at: r.created_at,
          retired_at: r.retired_at,
          last_tree_size: r.last_tree_size,
        };
      });
      return {
        data: [
          {
            key_id: key.keyIdHex,
            alg: 'Ed25519' as const,
            public_key: key.publicKeyRaw.toString('base64'),
            origin: key.origin,
            vkey: key.vkey,
            created_at: key.createdAt.toISOString(),
            retired_at: null,
            last_tree_size: null,
          },
          ...retired,
        ],
        next_cursor: null,
        has_more: false,
      };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/provenance/checkpoint',
    operationId: 'getProvenanceCheckpoint',
    summary: 'The latest signed checkpoint of the transparency log',
    description:
      'Unauthenticated. Every history entry of every document is a leaf of one append-only RFC 9162 Merkle log; a checkpoint (a C2SP signed note) states its size and root hash, signed by the deployment key. A new one is cut at least every 10 seconds while entries arrive. Keep the checkpoints you see and ask for consistency proofs: a log that was rewritten cannot prove it extends them. 404 not_found while the log is still empty.',
    tags: ['Provenance'],
    family: 'provenance',
    auth: 'none',
    response: { status: 200, schema: LogCheckpoint, description: 'The latest checkpoint.' },
    errors: ['not_found'],
    handler: async ({ ctx }) => {
      const c = await latestCheckpoint(ctx.db);
      if (!c)
        throw new ApiError(
          'not_found',
          'The transparency log has no checkpoint yet: no history entry has been logged.',
        );
      return {
        origin: c.origin,
        tree_size: c.tree_size,
        root_hash: c.root_hash.toString('base64'),
        note: c.note,
        created_at: c.created_at.toISOString(),
      };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/provenance/consistency',
    operationId: 'getProvenanceConsistencyProof',
    summary: 'Prove that one tree of the log extends an earlier one',
    description:
      'Unauthenticated. An RFC 9162 consistency proof between tree sizes `from` and `to` (`to` must be the size of a checkpoint the log has cut; `from` at most `to`). Verify it with RFC 9162 section 2.1.4.2 against the root you hold for `from` and the signed root of `to`.',
    tags: ['Provenance'],
    family: 'provenance',
    auth: 'none',
    query: ConsistencyQuery,
    response: { status: 200, schema: ConsistencyProof, description: 'The proof.' },
    errors: ['invalid_request'],
    handler: async ({ ctx, query }) => {
      const { from, to } = query;
      if (from > to) throw invalid([{ path: 'query.from', message: `must not exceed to (${to})` }]);
      if (!(await checkpointOfSize(ctx.db, to))) {
        throw invalid([
          {
            path: 'query.to',
            message: `is not the tree size of a checkpoint of this log; GET /v1/provenance/checkpoint gives the latest`,
          },
        ]);
      }
      return { from, to, proof: await consistencyProofFor(ctx.db, from, to) };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/provenance/verifier.mjs',
    operationId: 'getProvenanceVerifier',
    summary: 'The published proof-bundle verifier',
    description:
      'Unauthenticated. The standalone, dependency-free verifier script (Node.js 18+, node:crypto only), byte for byte the one shipped in the package as `docex verify-bundle`: `node verifier.mjs bundle.json --public-key <base64>` prints `valid` or names the failing check.',
    tags: ['Provenance'],
    family: 'provenance',
    auth: 'none',
    response: {
      status: 200,
      schema: null,
      description: 'JavaScript module source.',
      contentType: 'text/javascript',
    },
    errors: [],
    handler: async ({ reply }) => {
      verifierBytes ??= readFile(VERIFIER_URL).catch((err: unknown) => {
        verifierBytes = null;
        throw err;
      });
      reply
        .code(200)
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('content-disposition', 'inline; filename="verify-bundle.mjs"')
        .send(await verifierBytes);
      return SENT;
    },
  }),
];
