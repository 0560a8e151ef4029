// test-database: none (it uses no database; scripts/run-tests.mjs)
// The list page's compiled-once query (list-documents.ts: compiledPage) must be exactly what a
// fresh build of documentListQuery compiles to, for every shape of filters and cursor.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compiledPage, documentListQuery, type Filters } from '../../src/modules/documents/list-documents.ts';
import { PHASES } from '../../src/modules/documents/state-machines.ts';
import { compileOnlyKysely } from '../helpers/compile-only.ts';

const db = compileOnlyKysely();

const OPTIONAL = ['connection', 'type', 'since', 'until', 'updated_since', 'issuer_ref', 'q'] as const;

function* shapes(): Generator<{ f: Filters; cursor: boolean }> {
  for (let mask = 0; mask < 1 << OPTIONAL.length; mask++) {
    for (const status of [null, 'draft', 'paid']) {
      for (const phase of [null, ...Object.keys(PHASES)] as Array<Filters['phase']>) {
        for (const cursor of [false, true]) {
          const on = (i: number) => (mask & (1 << i)) !== 0;
          yield {
            cursor,
            f: {
              connection: on(0) ? `conn_${mask}` : null,
              type: on(1) ? 'invoice' : null,
              status,
              phase,
              since: on(2) ? '2024-01-02' : null,
              until: on(3) ? '2024-12-31' : null,
              updated_since: on(4) ? `2024-03-0${(mask % 9) + 1}T10:00:00.000Z` : null,
              issuer_ref: on(5) ? `ref-${mask}` : null,
              q: on(6) ? `50%_off\\ ${mask}` : null,
            },
          };
        }
      }
    }
  }
}

test('the compiled-once page query equals a fresh compile for every shape, with values of its own', () => {
  let n = 0;
  // Twice over: the first pass builds each shape's template, the second reuses it with new values.
  for (const round of [1, 2]) {
    for (const { f, cursor } of shapes()) {
      const me = { id: `org_${round}_${n}`, name: `O'Neil & Sons ${round}` };
      const pos = cursor
        ? { t: new Date(Date.UTC(2024, 5, 1, 0, 0, n % 60)).toISOString(), id: `doc_${n}` }
        : null;
      const limit = 1 + (n % 100);
      // With q: the connections whose party's name matched, none (a shape) or some (another).
      const qConnections =
        f.q && n % 2 ? [`conn_q${n}`, `conn_r${n}`].slice(0, 1 + (n % 4 === 1 ? 1 : 0)) : [];
      const fresh = documentListQuery(db, me, f, pos, limit, qConnections).compile(db);
      const cached = compiledPage(db, { me, f, pos, limit, qConnections });
      assert.equal(cached.sql, fresh.sql);
      assert.deepEqual(cached.parameters, fresh.parameters);
      n++;
    }
  }
  assert.ok(n > 9000);
});
