// GET /v1/reference: the interactive API reference. Scalar's standalone browser bundle
// (@scalar/api-reference, a dependency) rendered over GET /v1/openapi.json, every byte served by
// docex itself: no CDN, no web fonts, no telemetry, no AI agent, no request proxy, so the page
// works on a closed network and a reader's browser talks to this origin only (the CSP says so too).
//
// Three responses: the page (its CSP lets Scalar's run-time styles apply, see REFERENCE_CSP), the
// bundle, and a five-line starter that hands Scalar the JSON configuration the page carries in a
// data block (no inline script). Both scripts have versioned names and are cached for good.
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/errors.ts';
import { REFERENCE_CSP, securityHeaders } from './security-headers.ts';

const gzipAsync = promisify(gzip);

export const REFERENCE_PATH = '/v1/reference';
/**
 * What the reference's examples and its "Test request" carry where a reader's API key goes: plainly
 * a placeholder (issue 49: `rk_test_YOUR_SANDBOX_KEY` looked like a real key, and a "Test request"
 * sent with it answered 401 without saying why).
 */
export const API_KEY_PLACEHOLDER = 'PASTE_YOUR_API_KEY_HERE';
export const REFERENCE_ASSETS = `${REFERENCE_PATH}/assets`;

/**
 * Scalar's configuration (the keys of its ApiReferenceConfiguration). Everything that would reach
 * another machine is off: web fonts (fonts.scalar.com), telemetry, the AI agent and the MCP
 * installer, the developer toolbar (dashboard and registry), the request proxy (proxy.scalar.com:
 * with no proxyUrl, "Test request" calls the API directly, which the CSP limits to this origin).
 */
const SCALAR_CONFIGURATION = {
  url: '/v1/openapi.json',
  // A placeholder in every example and generated curl, for the reader to replace with theirs (the
  // introduction and each scheme's description say where to get one).
  authentication: {
    preferredSecurityScheme: 'apiKey',
    securitySchemes: {
      apiKey: { token: API_KEY_PLACEHOLDER },
      adminSession: { token: 'PASTE_YOUR_SESSION_TOKEN_HERE' },
    },
  },
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  // the "Open API Client" button leads to client.scalar.com; "Test request" stays, on this page
  hideClientButton: true,
  documentDownloadType: 'json',
  persistAuth: false,
  showOperationId: true,
  operationTitleSource: 'summary',
  orderRequiredPropertiesFirst: true,
  defaultOpenAllTags: false,
  expandAllResponses: false,
  theme: 'default',
} as const;

/**
 * The starter: reads the configuration block and mounts Scalar on #reference. "Test request" sends
 * through customFetch, which gives each write a fresh Idempotency-Key whenever the header still holds
 * the document's example key (or is empty): sending twice is two requests, and editing the body then
 * sending is not refused as idempotency_conflict (issue 49). A key the reader typed is sent as typed,
 * so a replay can still be tried on purpose. The example keys are read from the document Scalar
 * renders (same origin, cached).
 */
const STARTER = `// docex: mounts the API reference (see ${REFERENCE_PATH}).
(function () {
  var config = JSON.parse(document.getElementById('docex-reference-config').textContent);
  var examples = fetch(config.url).then(function (r) { return r.json(); }).then(function (doc) {
    var keys = {};
    Object.keys(doc.paths || {}).forEach(function (path) {
      var ops = doc.paths[path];
      Object.keys(ops).forEach(function (method) {
        (ops[method].parameters || []).forEach(function (p) {
          if (p.in === 'header' && p.name.toLowerCase() === 'idempotency-key' && p.example) keys[p.example] = true;
        });
      });
    });
    return keys;
  }, function () { return {}; });
  // crypto.randomUUID needs a secure context; getRandomValues does not (a plain-http deployment).
  function freshKey() {
    var b = crypto.getRandomValues(new Uint8Array(16));
    return Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join('');
  }
  config.customFetch = function (input, init) {
    var request = new Request(input, init);
    var key = request.headers.get('idempotency-key');
    if (key === null) return fetch(request);
    return examples.then(function (keys) {
      if (key.trim() !== '' && !keys[key]) return fetch(request);
      var headers = new Headers(request.headers);
      headers.set('idempotency-key', freshKey());
      return fetch(new Request(request, { headers: headers }));
    });
  };
  window.Scalar.createApiReference('#reference', config);
})();
`;

function shortHash(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('base64url').slice(0, 12);
}

interface Bundle {
  file: string;
  version: string;
  /** The versioned name the page links to; any other name answers 404. */
  name: string;
  size: number;
  etag: string;
}

let bundle: Bundle | null = null;

/** Scalar's standalone bundle in node_modules (resolved through an exported file of the package). */
export function scalarBundle(): Bundle {
  if (bundle) return bundle;
  const dist = dirname(createRequire(import.meta.url).resolve('@scalar/api-reference/style.css'));
  const file = join(dist, 'browser', 'standalone.js');
  const { version } = JSON.parse(readFileSync(join(dist, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const { size, mtimeMs } = statSync(file);
  bundle = {
    file,
    version,
    name: `scalar-${version}.js`,
    size,
    etag: `"scalar-${version}-${size}-${Math.trunc(mtimeMs)}"`,
  };
  return bundle;
}

const STARTER_NAME = `start-${shortHash(STARTER)}.js`;

function starterUrl(): string {
  return `${REFERENCE_ASSETS}/${STARTER_NAME}`;
}

function bundleUrl(): string {
  return `${REFERENCE_ASSETS}/${scalarBundle().name}`;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON that stays inert inside a <script type="application/json"> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function renderReferencePage(version: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>docex API reference ${esc(version)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<noscript><p>The interactive reference needs JavaScript. The same operations, without it: <a href="/v1/docs">/v1/docs</a>; the document itself: <a href="/v1/openapi.json">/v1/openapi.json</a>.</p></noscript>
<div id="reference"></div>
<script type="application/json" id="docex-reference-config">${scriptJson(SCALAR_CONFIGURATION)}</script>
<script src="${esc(bundleUrl())}"></script>
<script src="${esc(starterUrl())}"></script>
</body></html>`;
}

let page: string | null = null;

/** GET /v1/reference. Revalidated on every visit (no-cache): it names the bundle's version. */
export function sendReferencePage(reply: FastifyReply, version: string): void {
  page ??= renderReferencePage(version);
  securityHeaders(reply, [], REFERENCE_CSP);
  reply
    .code(200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(page);
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
let gzipped: Promise<Buffer> | null = null;

/** Accept-Encoding names gzip (or *) without refusing it by q=0. */
function acceptsGzip(request: FastifyRequest): boolean {
  return String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .some((part) => {
      const [coding = '', ...params] = part.trim().toLowerCase().split(';');
      const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
      return (coding.trim() === 'gzip' || coding.trim() === '*') && !refused;
    });
}

function notModified(request: FastifyRequest, etag: string): boolean {
  const given = request.headers['if-none-match'];
  return typeof given === 'string' && given.split(',').some((t) => t.trim() === etag || t.trim() === '*');
}

/**
 * GET /v1/reference/assets/:file: the bundle (gzip, compressed once and kept, 4.3 MB → about a
 * quarter; the raw file streamed to a client that does not take gzip) or the starter.
 */
export async function sendReferenceAsset(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
): Promise<void> {
  const b = scalarBundle();
  if (file !== STARTER_NAME && file !== b.name)
    throw new ApiError('not_found', `No reference asset ${file}.`);
  // Only now: a 404 must not be cached for good.
  securityHeaders(reply);
  reply.header('cache-control', IMMUTABLE).header('content-type', 'text/javascript; charset=utf-8');
  if (file === STARTER_NAME) {
    const etag = `"${STARTER_NAME}"`;
    reply.header('etag', etag);
    if (notModified(request, etag)) return void reply.code(304).send();
    return void reply.code(200).send(STARTER);
  }
  reply.header('etag', b.etag).header('vary', 'accept-encoding');
  if (notModified(request, b.etag)) return void reply.code(304).send();
  if (acceptsGzip(request)) {
    gzipped ??= gzipAsync(readFileSync(b.file)).catch((err: unknown) => {
      gzipped = null;
      throw err;
    });
    const body = await gzipped;
    return void reply
      .code(200)
      .header('content-encoding', 'gzip')
      .header('content-length', body.length)
      .send(body);
  }
  reply.code(200).header('content-length', b.size).send(createReadStream(b.file));
}

/**
 * docex's icon (GET /favicon.svg, and /favicon.ico, which browsers ask for on their own): a small
 * SVG, the same bytes forever, so it is cached for a day and then revalidated by its ETag.
 */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1f3a93"/><path d="M9 8h6a8 8 0 0 1 0 16H9z" fill="none" stroke="#fff" stroke-width="3"/><path d="M20 11l5 10M25 11l-5 10" stroke="#9fc0ff" stroke-width="2.5" stroke-linecap="round"/></svg>\n`;
const FAVICON_ETAG = `"icon-${shortHash(FAVICON_SVG)}"`;

export function sendFavicon(request: FastifyRequest, reply: FastifyReply): void {
  securityHeaders(reply);
  reply
    .header('content-type', 'image/svg+xml')
    .header('cache-control', 'public, max-age=86400')
    .header('etag', FAVICON_ETAG);
  if (notModified(request, FAVICON_ETAG)) return void reply.code(304).send();
  reply.code(200).send(FAVICON_SVG);
}
