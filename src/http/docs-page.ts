// GET /v1/docs: a readable page generated from the OpenAPI document, with an `errors-<code>`
// anchor per error code (docs_url in every error points at one). It links, first thing, to the
// interactive reference (/v1/reference), where the schemas and examples are; then a table of
// contents (each family with its operations, and the errors). It reads at a phone's 390 px: long
// paths and codes wrap, and the errors table scrolls within itself rather than widen the page.
import { ERROR_CODES, ERROR_DESCRIPTIONS, ERROR_STATUS } from '../lib/errors.ts';
import { styleHash } from './security-headers.ts';

/** The page's one inline style, allowed by its hash in the page's CSP (DOCS_STYLE_HASH). */
const DOCS_STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1b1f}
code{font:13px ui-monospace,monospace;background:#f3f3f6;padding:0 .25em;overflow-wrap:anywhere}
h3{overflow-wrap:anywhere}h3 small{color:#777;font-weight:normal}
.op{border-top:1px solid #e5e5ea;padding:.5rem 0}.meta{color:#555;font-size:13px;overflow-wrap:anywhere}
.scroll{overflow-x:auto;max-width:100%}table{border-collapse:collapse}
td{border-top:1px solid #e5e5ea;padding:.35rem .5rem;vertical-align:top}td:last-child{min-width:14rem}
.ref{background:#eef3ff;border:1px solid #c9d7ff;padding:.5rem .75rem;border-radius:4px}
nav.toc{border:1px solid #e5e5ea;border-radius:4px;padding:.5rem .75rem}nav.toc ul{margin:.25rem 0;padding-left:1.25rem}
nav.toc li{margin:.1rem 0}nav.toc ul ul{font-size:14px;columns:16rem}
@media (max-width:600px){body{margin:1rem auto}nav.toc ul ul{columns:auto}}`;
export const DOCS_STYLE_HASH = styleHash(DOCS_STYLE);

function esc(s: unknown): string {
  return String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

interface Op {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  'x-docex-auth': string;
  'x-docex-scopes': string[];
  'x-docex-errors': string[];
}

export function renderDocsPage(openapi: {
  info: { version: string };
  tags?: { name: string }[];
  paths: Record<string, Record<string, Op>>;
}): string {
  // The families in the document's order (documents first), each listed once.
  const byTag = new Map<string, string[]>((openapi.tags ?? []).map((t) => [t.name, []]));
  const tocOps = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(openapi.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? 'Other';
      const auth =
        op['x-docex-auth'] === 'none'
          ? 'no authentication'
          : op['x-docex-auth'] === 'operator'
            ? 'operator token'
            : op['x-docex-auth'] === 'session'
              ? 'admin session'
              : op['x-docex-auth'] === 'link'
                ? 'the recipient link token in the path'
                : `${op['x-docex-auth'] === 'session_or_scopes' ? 'admin session or ' : ''}key with ${op['x-docex-scopes'].join(', ') || 'any scope'}`;
      const html = `<section class="op" id="op-${esc(op.operationId)}">
  <h3><code>${esc(method.toUpperCase())} ${esc(path)}</code> <small>${esc(op.operationId)}</small></h3>
  <p><strong>${esc(op.summary)}.</strong> ${esc(op.description)}</p>
  <p class="meta">Auth: ${esc(auth)}. Errors: ${op['x-docex-errors'].map((c) => `<a href="#errors-${esc(c)}">${esc(c)}</a>`).join(', ')}</p>
</section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
      tocOps.set(tag, [
        ...(tocOps.get(tag) ?? []),
        `<li><a href="#op-${esc(op.operationId)}">${esc(op.summary)}</a></li>`,
      ]);
    }
  }
  const families = [...byTag].filter(([, ops]) => ops.length > 0);
  const sections = families
    .map(([tag, ops]) => `<h2 id="tag-${esc(tag)}">${esc(tag)}</h2>\n${ops.join('\n')}`)
    .join('\n');
  const toc = `<nav class="toc" aria-label="Contents"><strong>Contents</strong><ul>
${families.map(([tag]) => `<li><a href="#tag-${esc(tag)}">${esc(tag)}</a><ul>${(tocOps.get(tag) ?? []).join('')}</ul></li>`).join('\n')}
<li><a href="#errors">Errors</a></li>
</ul></nav>`;
  const errors = ERROR_CODES.map(
    (c) =>
      `<tr id="errors-${c}"><td><code>${c}</code></td><td>${ERROR_STATUS[c]}</td><td>${esc(ERROR_DESCRIPTIONS[c])}</td></tr>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>docex API ${esc(openapi.info.version)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${DOCS_STYLE}</style></head>
<body><h1>docex API <small>${esc(openapi.info.version)}</small></h1>
<p class="ref"><a href="/v1/reference">Interactive API reference</a>: every request and response schema with examples, search, and a test client.</p>
<p>Machine-readable: <a href="/v1/openapi.json">/v1/openapi.json</a>. Every call sends <code>Authorization: Bearer</code> with an admin session (<code>sess_…</code>, from signing up or in) or an API key (<code>rk_live_…</code>, <code>rk_test_…</code> in the sandbox, minted under a session). Every write needs an <code>Idempotency-Key</code>, new for each new request; lists use opaque cursors; every error has the envelope <code>{"error": {"code", "message", "docs_url", "details"}}</code>.</p>
${toc}
${sections}
<h2 id="errors">Errors</h2>
<div class="scroll"><table><thead><tr><th>code</th><th>status</th><th>meaning</th></tr></thead><tbody>
${errors}
</tbody></table></div></body></html>`;
}
