// test-database: none (it uses no database; scripts/run-tests.mjs)
// The modules' imports point one way (docs/architecture.md): no file of src/ reaches itself
// through its imports (type-only imports included: a type shared both ways is a sign that it lives
// on the wrong side), and the families above do not reach back into the ones below them except
// through the ports that src/modules/wiring.ts connects.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = fileURLToPath(new URL('../..', import.meta.url));

const graph = madge(`${root}src`, {
  fileExtensions: ['ts'],
  tsConfig: `${root}tsconfig.json`,
  detectiveOptions: { ts: { skipTypeImports: false }, es6: { skipTypeImports: false } },
});

test('src/ has no import cycles', async () => {
  const cycles = (await graph).circular();
  assert.deepEqual(cycles, [], cycles.map((c) => c.join(' → ')).join('\n'));
});

test('documents and payments never import the families above them', async () => {
  const deps = (await graph).obj();
  const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;
  // What each module may not import. Documents shows a document's payment (its projection and
  // schema, a read model) but runs a payment only through its payment step (wiring.ts).
  const forbidden: Record<string, (dep: string) => boolean> = {
    documents: (dep) =>
      moduleOf(dep) === 'finance' ||
      (moduleOf(dep) === 'payments' &&
        !['modules/documents/project-payment.ts', 'modules/payments/schemas.ts'].includes(dep)),
    payments: (dep) => moduleOf(dep) === 'finance',
    ledger: (dep) => ['documents', 'payments', 'finance', 'treasury'].includes(moduleOf(dep) ?? ''),
  };
  const violations: string[] = [];
  for (const [file, imports] of Object.entries(deps)) {
    const check = forbidden[moduleOf(file) ?? ''];
    for (const dep of imports) if (check?.(dep)) violations.push(`${file} → ${dep}`);
  }
  assert.deepEqual(violations, []);
  // The ports are wired in one place.
  assert.ok(deps['modules/wiring.ts']?.includes('modules/finance/lifecycle.ts'));
});
