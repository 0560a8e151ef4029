// Runs in a temporary project that installed the packed docex tarball (test/package/pack.test.ts):
// the published client against a running service, type-checked by tsc against the shipped .d.ts.
import { writeFileSync } from 'node:fs';
import { createDocexClient, DocexError } from 'docex/client';

const { DOCEX_URL, DOCEX_KEY, DOCEX_CONNECTION, BUNDLE_FILE } = process.env;
if (!DOCEX_URL || !DOCEX_KEY || !DOCEX_CONNECTION || !BUNDLE_FILE) throw new Error('environment incomplete');

const docex = createDocexClient({ baseUrl: DOCEX_URL, apiKey: DOCEX_KEY });

const draft = await docex.POST('/v1/documents', {
  body: {
    connection_id: DOCEX_CONNECTION,
    document_type: 'invoice',
    currency: 'EUR',
    line_items: [{ description: 'Packaged consulting', quantity: 3, unit_price: 40, tax_rate: 0.19 }],
  },
});
const issued = await docex.POST('/v1/documents/{id}/issue', { params: { path: { id: draft.id } } });
const read = await docex.GET('/v1/documents/{id}', { params: { path: { id: draft.id } } });
const firstPage = await docex.GET('/v1/documents', { params: { query: { limit: 1 } } });
const cursor: string | null = firstPage.next_cursor;

let notFound: { status: number; code: string; requestId: string | undefined } | null = null;
try {
  await docex.GET('/v1/documents/{id}', { params: { path: { id: 'doc_nonexistent0000000000' } } });
} catch (err) {
  if (!(err instanceof DocexError)) throw err;
  notFound = { status: err.status, code: err.code, requestId: err.request_id };
}

// The proof bundle's exact bytes, for `npx docex verify-bundle`.
const bundle = await docex.GET('/v1/documents/{id}/export', {
  params: { path: { id: draft.id } },
  parseAs: 'arrayBuffer',
});
writeFileSync(BUNDLE_FILE, new Uint8Array(bundle));

const total: number = read.total;
console.log(
  JSON.stringify({
    id: draft.id,
    draftStatus: draft.status,
    issuedStatus: issued.status,
    readId: read.id,
    total,
    pageSize: firstPage.data.length,
    hasCursor: cursor !== null,
    notFound,
  }),
);
