// A document's lineage and its proof bundle (CONTRACT 6). The history route lives with the
// documents; the log's public routes in ./routes.ts.
import { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import { type AnyRoute, defineRoute, SENT } from '../../http/route.ts';
import { BUNDLE_FORMAT } from './bundle.ts';
import { exportBundle } from './export-bundle.ts';
import { getLineage, Lineage } from './lineage.ts';

const tags = ['Provenance'];
const DocumentParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64, description: 'The document id (doc_…).' }) },
  { additionalProperties: false },
);

// The bundle format a caller may ask for: each one docex has produced stays servable, byte for
// byte, and the default never changes (docs/proof-bundle.md, "Format versions"). A later format is
// added to this union, served only to those who name it.
const ExportQuery = Type.Object(
  {
    format: Type.Optional(
      Type.Union([Type.Literal(BUNDLE_FORMAT)], {
        description: `The bundle format. Default and only one so far: ${BUNDLE_FORMAT}. Naming it pins it: a later format is served only to those who name that one.`,
      }),
    ),
  },
  { additionalProperties: false },
);

export const documentProvenanceRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/v1/documents/:id/lineage',
    operationId: 'getDocumentLineage',
    summary: "A document's lineage",
    description:
      "The document, the documents it derives from (derived_from, transitively) and the documents deriving from it, on its connection, ordered by created_at then id. The caller's own documents (those it issued) are full steps; a document issued by the other party is a sealed step: its type, owner, history head hash and that head's time, no content.",
    tags,
    family: 'provenance',
    auth: 'scopes',
    scopes: ['provenance:read'],
    params: DocumentParams,
    response: { status: 200, schema: Lineage, description: 'The lineage.' },
    errors: ['not_found'],
    handler: async ({ ctx, principal, params }) => getLineage(ctx, principal, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/documents/:id/export',
    operationId: 'exportDocumentProofBundle',
    summary: "Export a document's proof bundle",
    description:
      "The proof bundle (format docex-proof/1, docs/proof-bundle.md) as the exact RFC 8785 bytes: the caller's document (with its attachments), the history entries the caller may see, the lineage, the head hash, the first transparency-log checkpoint covering the head entry with its inclusion proof, and the deployment's Ed25519 signature. Verify it offline with GET /v1/provenance/verifier.mjs and the key from GET /v1/provenance/keys. Byte-identical for the same state, whenever exported; `Svc-Bundle-Digest` is the SHA-256 hex of the body. A history that does not verify is never signed: 409 conflict with details.reason (`history_not_verified` with broken_at, or `head_not_in_log`).",
    tags,
    family: 'provenance',
    auth: 'scopes',
    scopes: ['provenance:read'],
    params: DocumentParams,
    query: ExportQuery,
    response: {
      status: 200,
      schema: null,
      description: 'The bundle: canonical JSON bytes, to be saved and verified unchanged.',
      contentType: 'application/json',
    },
    errors: ['not_found', 'conflict'],
    handler: async ({ ctx, principal, params, reply }) => {
      const bundle = await exportBundle(ctx, principal, params.id);
      reply.code(200).header('content-type', 'application/json').header('svc-bundle-digest', bundle.digest);
      if (bundle.kind === 'bytes') reply.send(bundle.bytes);
      // A large history's bundle streams (issue 35), its length and digest known beforehand.
      else reply.header('content-length', String(bundle.length)).send(Readable.from(bundle.body));
      return SENT;
    },
  }),
];
