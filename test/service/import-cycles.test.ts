// test-database: none (it uses no database; scripts/run-tests.mjs)
// The order of the house (docs/architecture.md, "Floors and ranks"): no file of src/ reaches itself
// through its imports (type-only imports included: a type shared both ways is a sign that it lives
// on the wrong side); every folder imports only from its own floor or the floors below it; every
// family imports only families of a lower rank, and documents only through documents/index.ts.
// Work handed up goes through the ports src/modules/wiring.ts connects.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import madge from 'madge';
import { FAMILY_RANKS, floorOf } from '../helpers/house-order.ts';
import { REPOSITORY } from '../helpers/repository.ts';

const root = REPOSITORY;

const graph = madge(`${root}src`, {
  fileExtensions: ['ts'],
  tsConfig: `${root}tsconfig.json`,
  detectiveOptions: { ts: { skipTypeImports: false }, es6: { skipTypeImports: false } },
});

const familyOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;

test('src/ has no import cycles', async () => {
  const cycles = (await graph).circular();
  assert.deepEqual(cycles, [], cycles.map((c) => c.join(' → ')).join('\n'));
});

test('bench/ has no import cycles', async () => {
  const cycles = (
    await madge(`${root}bench`, {
      fileExtensions: ['ts'],
      tsConfig: `${root}tsconfig.json`,
      detectiveOptions: { ts: { skipTypeImports: false }, es6: { skipTypeImports: false } },
    })
  ).circular();
  assert.deepEqual(cycles, [], cycles.map((c) => c.join(' → ')).join('\n'));
});

test('every file of src/ has a floor, and every family a rank', async () => {
  const deps = (await graph).obj();
  const unplaced = Object.keys(deps).filter((f) => floorOf(f) === null);
  assert.deepEqual(unplaced, [], 'add these to test/helpers/house-order.ts and docs/architecture.md');
  const families = new Set(
    Object.keys(deps)
      .map(familyOf)
      .filter((f): f is string => f !== null),
  );
  const unranked = [...families].filter((f) => !(f in FAMILY_RANKS));
  assert.deepEqual(unranked, [], 'give each new family a rank in test/helpers/house-order.ts');
});

test('no folder imports from a floor above its own', async () => {
  const deps = (await graph).obj();
  const violations: string[] = [];
  for (const [file, imports] of Object.entries(deps)) {
    const floor = floorOf(file);
    for (const dep of imports) {
      const to = floorOf(dep);
      if (floor !== null && to !== null && to > floor) violations.push(`${file} (${floor}) → ${dep} (${to})`);
    }
  }
  assert.deepEqual(violations, []);
});

test('families import only families of a lower rank', async () => {
  const deps = (await graph).obj();
  const violations: string[] = [];
  for (const [file, imports] of Object.entries(deps)) {
    const from = familyOf(file);
    if (!from) continue;
    for (const dep of imports) {
      const to = familyOf(dep);
      if (!to || to === from) continue;
      const [a, b] = [FAMILY_RANKS[from], FAMILY_RANKS[to]];
      if (a === undefined || b === undefined || b >= a)
        violations.push(`${file} (rank ${a}) → ${dep} (rank ${b})`);
    }
  }
  assert.deepEqual(violations, []);
});

test('other families import documents only through documents/index.ts', async () => {
  const deps = (await graph).obj();
  const violations: string[] = [];
  for (const [file, imports] of Object.entries(deps)) {
    if (file.startsWith('modules/documents/')) continue;
    for (const dep of imports) {
      if (dep.startsWith('modules/documents/') && dep !== 'modules/documents/index.ts') {
        violations.push(`${file} → ${dep}`);
      }
    }
  }
  assert.deepEqual(violations, []);
  // The ports are wired in one place.
  assert.ok(deps['modules/wiring.ts']?.includes('modules/finance/lifecycle.ts'));
});
