// test-database: none (it uses no database; scripts/run-tests.mjs)
// project-document.ts formats the API's timestamps itself (isoTimestamp, for the list page's
// speed); it must write exactly what Date#toISOString writes, for every instant.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isoTimestamp } from '../../src/modules/documents/project-document.ts';

test('isoTimestamp writes what toISOString writes', () => {
  const edges = [
    0,
    -1,
    1,
    Date.UTC(999, 11, 31, 23, 59, 59, 999),
    Date.UTC(1000, 0, 1),
    Date.UTC(1999, 11, 31, 23, 59, 59, 999),
    Date.UTC(2000, 1, 29, 12, 0, 0, 7),
    Date.UTC(2024, 0, 1, 0, 0, 0, 50),
    Date.UTC(9999, 11, 31, 23, 59, 59, 999),
    Date.UTC(10000, 0, 1),
    Date.UTC(-1, 0, 1),
    8.64e15,
    -8.64e15,
  ];
  let seed = 42;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const samples = [...edges, ...Array.from({ length: 100_000 }, () => Math.floor((random() - 0.3) * 2.6e14))];
  for (const ms of samples) {
    const d = new Date(ms);
    assert.equal(isoTimestamp(d), d.toISOString(), String(ms));
  }
  assert.throws(() => isoTimestamp(new Date(Number.NaN)), RangeError);
});
