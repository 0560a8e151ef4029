// The capture resource's operations (CONTRACT §13). Thin: each hands its input to the family's
// functions. Confirmation (POST /v1/captures/{id}/confirm) is declared beside these by its own file.
import { createHash } from 'node:crypto';
import { type AnyRoute, defineRoute, SENT } from '../../http/route.ts';
import { capturePageFile, capturePageWords, getCapture, listCaptures } from './captures.ts';
import { confirmCaptureRoute } from './confirm-route.ts';
import { renderCapturePage } from './read-file.ts';
import { rejectCapture } from './reject.ts';
import {
  Capture,
  CaptureList,
  CapturePageParams,
  CapturePageWords,
  CaptureParams,
  ListCapturesQuery,
  RejectCaptureBody,
} from './schemas.ts';

const tags = ['Capture'];

export const captureRoutes: AnyRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/v1/captures',
    operationId: 'listCaptures',
    summary: 'List captures',
    description:
      "The organization's captured files (CONTRACT §13: received PDFs without an embedded e-invoice, and scans), newest first; `status=needs_review` is the list to review. A file still being read is not listed (its inbound message is `processing` meanwhile).",
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: ['documents:read'],
    query: ListCapturesQuery,
    response: { status: 200, schema: CaptureList, description: 'A page of captures.' },
    errors: ['invalid_request'],
    handler: async ({ ctx, principal, query }) => listCaptures(ctx, principal, query),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/captures/:id',
    operationId: 'getCapture',
    summary: 'Get a capture',
    description:
      'One capture: the file, the §13 fields as read (each with its confidence, page, box and the words it was read from), the lines, and what became of it. 404 while the file is still being read.',
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: ['documents:read'],
    params: CaptureParams,
    response: { status: 200, schema: Capture, description: 'The capture.' },
    errors: ['not_found'],
    handler: async ({ ctx, principal, params }) => getCapture(ctx, principal, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/captures/:id/pages/:n',
    operationId: 'getCapturePage',
    summary: "A captured file's page as an image",
    description:
      "Page `n` (from 1) of the captured file as a PNG at most ~1600 px wide, for a person to check the fields against; the boxes of the fields and words are in the page's own units (GET …/words gives its width and height). A page that was not read (past DOCEX_CAPTURE_MAX_PAGES, or beyond the file) is 404.",
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: ['documents:read'],
    params: CapturePageParams,
    response: { status: 200, schema: null, description: 'The page as PNG.', contentType: 'image/png' },
    errors: ['not_found', 'unavailable'],
    handler: async ({ ctx, principal, params, reply }) => {
      const file = await capturePageFile(ctx, principal, params.id, params.n);
      const png = await renderCapturePage(ctx.config, file, params.n, file.turn);
      reply
        .status(200)
        .header('content-type', 'image/png')
        // the same file, page and turn always draw the same image: its ETag is made of them
        .header('cache-control', 'private, max-age=3600')
        .header(
          'etag',
          `"${createHash('sha256').update(`${file.sha256}:${params.n}:${file.turn}`).digest('base64url').slice(0, 27)}"`,
        )
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
      return SENT;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/captures/:id/pages/:n/words',
    operationId: 'getCapturePageWords',
    summary: "A captured page's words",
    description:
      "Every word read on page `n` with its box (the page's own units, origin top-left), and the page's size and how it was read: what the review page draws over the image and lets a person click to take a word as a value.",
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: ['documents:read'],
    params: CapturePageParams,
    response: { status: 200, schema: CapturePageWords, description: "The page's words." },
    errors: ['not_found'],
    handler: async ({ ctx, principal, params }) => capturePageWords(ctx, principal, params.id, params.n),
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/captures/:id/reject',
    operationId: 'rejectCapture',
    summary: 'Reject a capture',
    description:
      "Closes a capture that waits for review without making a bill (not an invoice, a copy, unreadable): status `rejected`, with `rejected_reason` (the reason given, trimmed: required, 1 to 1000 characters, else 400 invalid_request naming `reason`), `rejected_at` and `rejected_by`. 404 for an unknown id or another organization's; 409 while the file is still being read. Rejecting a rejected capture answers it again; a confirmed capture (or a duplicate) is 409 conflict. The inbound message it came with is `needs_review` while another of its captures is, otherwise what its files came to (`refused` with the reasons when nothing of it became a bill).",
    tags,
    family: 'documents',
    auth: 'scopes',
    scopes: ['documents:write'],
    params: CaptureParams,
    body: RejectCaptureBody,
    response: { status: 200, schema: Capture, description: 'The rejected capture.' },
    errors: ['invalid_request', 'not_found', 'conflict', 'idempotency_conflict'],
    handler: async ({ ctx, principal, params, body }) => rejectCapture(ctx, principal, params.id, body),
  }),
  confirmCaptureRoute,
];
