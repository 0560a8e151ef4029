// GET /v1/docs: a readable page generated from the OpenAPI document, with an `errors-<code>`
// anchor per error code (docs_url in every error points at one). It links, first thing, to the
// interactive reference (/v1/reference), where the schemas and examples are.
import { ERROR_CODES, ERROR_DESCRIPTIONS, ERROR_STATUS } from '../lib/errors.ts';
import { styleHash } from './security-headers.ts';

/** The page's one inline style, allowed by its hash in the page's CSP (DOCS_STYLE_HASH). */
const DOCS_STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1b1f}
code{font:13px ui-monospace,monospace;background:#f3f3f6;padding:0 .25em}h3 small{color:#777;font-weight:normal}
.op{border-top:1px solid #e5e5ea;padding:.5rem 0}.meta{color:#555;font-size:13px}table{border-collapse:collapse}
td{border-top:1px solid #e5e5ea;padding:.35rem .5rem;vertical-align:top}
.ref{background:#eef3ff;border:1px solid #c9d7ff;padding:.5rem .75rem;border-radius:4px}`;
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
  paths: Record<string, Record<string, Op>>;
}): string {
  const byTag = new Map<string, string[]>();
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
              : `${op['x-docex-auth'] === 'session_or_scopes' ? 'admin session or ' : ''}key with ${op['x-docex-scopes'].join(', ') || 'any scope'}`;
      const html = `<section class="op" id="op-${esc(op.operationId)}">
  <h3><code>${esc(method.toUpperCase())} ${esc(path)}</code> <small>${esc(op.operationId)}</small></h3>
  <p><strong>${esc(op.summary)}.</strong> ${esc(op.description)}</p>
  <p class="meta">Auth: ${esc(auth)}. Errors: ${op['x-docex-errors'].map((c) => `<a href="#errors-${esc(c)}">${esc(c)}</a>`).join(', ')}</p>
</section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const sections = [...byTag]
    .map(([tag, ops]) => `<h2 id="tag-${esc(tag)}">${esc(tag)}</h2>\n${ops.join('\n')}`)
    .join('\n');
  const errors = ERROR_CODES.map(
    (c) =>
      `<tr id="errors-${c}"><td><code>${c}</code></td><td>${ERROR_STATUS[c]}</td><td>${esc(ERROR_DESCRIPTIONS[c])}</td></tr>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>docex API ${esc(openapi.info.version)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>${DOCS_STYLE}</style></head>
<body><h1>docex API <small>${esc(openapi.info.version)}</small></h1>
<p class="ref"><a href="/v1/reference">Interactive API reference</a>: every request and response schema with examples, search, and a test client.</p>
<p>Machine-readable: <a href="/v1/openapi.json">/v1/openapi.json</a>. Every write needs an <code>Idempotency-Key</code>; lists use opaque cursors; every error has the envelope <code>{"error": {"code", "message", "docs_url", "details"}}</code>.</p>
${sections}
<h2 id="errors">Errors</h2>
<table><thead><tr><th>code</th><th>status</th><th>meaning</th></tr></thead><tbody>
${errors}
</tbody></table></body></html>`;
}
