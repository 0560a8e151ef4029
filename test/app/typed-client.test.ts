// test-database: none (it uses no database; scripts/run-tests.mjs)
// The web app calls the API only through the typed client (issue 29 item 3): docex/client over the
// generated OpenAPI types, created once in app/src/api/client.ts with the browser's middleware (the
// CSRF token, the session's end, the errors as DocexError). A page that called fetch itself, or
// built a /v1/ URL out of strings, would be typed by nobody (path, query, body and answer) and would
// skip that middleware. This reads app/src with the TypeScript parser (so comments and JSX text are
// not code) and fails on
//   - a use of fetch or XMLHttpRequest in any file but the client module;
//   - a string or template holding "/v1/" that is not exactly a path of the OpenAPI document, as the
//     typed client takes it (`docex.GET('/v1/documents/{id}', …)`): `/v1/documents/${id}`,
//     '/v1/documents/' + id or '/app/api/v1/keys' all fail.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { buildOpenApi } from '../../src/http/openapi.ts';
import { allRoutes } from '../../src/routes.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const APP_SRC = join(ROOT, 'app/src');
/** The one module that may call fetch: it creates the typed client and the app routes' helper. */
const CLIENT_MODULE = 'api/client.ts';
const RAW_HTTP = new Set(['fetch', 'XMLHttpRequest']);
const GLOBALS = new Set(['window', 'globalThis', 'self']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** An identifier that names a value here, not a property or a key (`x.fetch`, `{ fetch: f }`). */
function isValueReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) {
    // window.fetch, globalThis.fetch: the global itself.
    return ts.isIdentifier(parent.expression) && GLOBALS.has(parent.expression.text);
  }
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node)
    return false;
  if (ts.isMethodDeclaration(parent) || ts.isPropertyDeclaration(parent)) return parent.name !== node;
  return true;
}

/** What in `text` bypasses the typed client: raw HTTP outside the client module, hand-built /v1/ URLs. */
function bypasses(fileName: string, text: string, documentPaths: ReadonlySet<string>): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const isClientModule = fileName.replaceAll('\\', '/').endsWith(CLIENT_MODULE);
  const found: string[] = [];
  const at = (node: ts.Node) => `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && RAW_HTTP.has(node.text) && !isClientModule && isValueReference(node)) {
      found.push(`${at(node)}: ${node.text} outside the client module`);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (node.text.includes('/v1/') && !documentPaths.has(node.text)) {
        found.push(`${at(node)}: '${node.text}' is not a path of the OpenAPI document`);
      }
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
      if (parts.some((p) => p.includes('/v1'))) found.push(`${at(node)}: a /v1/ URL built from a template`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const documentPaths = new Set(
  Object.keys((buildOpenApi(allRoutes(), 'http://127.0.0.1:8080') as { paths: object }).paths),
);

test('every API call in app/src goes through the typed client', () => {
  const files = sources(APP_SRC);
  assert.ok(
    files.some((f) => relative(APP_SRC, f) === CLIENT_MODULE),
    'the client module is where it was',
  );
  const found = files.flatMap((f) => bypasses(relative(ROOT, f), readFileSync(f, 'utf8'), documentPaths));
  assert.deepEqual(found, [], 'call the API with docex.GET/POST/… from app/src/api/client.ts');
});

test('the check sees what it is for', () => {
  assert.ok(documentPaths.has('/v1/documents/{id}'), 'the document lists its paths as the client takes them');
  const page = [
    "import { docex } from '../api/client';",
    `const a = await fetch(\`/app/api/v1/documents/\${id}\`);`,
    'const b = await window.fetch(url);',
    "const c = await api.get('/v1/documents/' + id);",
    "const d = await docex.GET('/v1/documents/{id}', { params: { path: { id } } });",
    "const e = { fetch: docex.raw, note: '/v1/keys' };",
    `// fetch(\`/v1/documents/\${id}\`) in a comment is not code`,
    'const f = <p>Reads GET /v1/keys/ like any integrator</p>;',
  ].join('\n');
  assert.deepEqual(
    bypasses('app/src/pages/Page.tsx', page, documentPaths).map((s) => s.replace(/^[^:]+:/, '')),
    [
      '2: fetch outside the client module',
      '2: a /v1/ URL built from a template',
      '3: fetch outside the client module',
      "4: '/v1/documents/' is not a path of the OpenAPI document",
    ],
  );
  assert.deepEqual(bypasses('app/src/api/client.ts', 'await fetch(request);', documentPaths), []);
});
