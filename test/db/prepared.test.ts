// test-database: none (it uses no database; scripts/run-tests.mjs)
// Which statement texts are named (prepared once per connection, then a generic plan) and which
// are planned at every execution (db/prepared.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PreparedStatements, planEachTime } from '../../src/db/prepared.ts';

test('a text is named from its third run on, and keeps its name', () => {
  const p = new PreparedStatements();
  const text = 'select * from documents where id = $1 /* prepared test */';
  assert.equal(p.nameFor(text), undefined);
  assert.equal(p.nameFor(text), undefined);
  const name = p.nameFor(text);
  assert.ok(name);
  assert.equal(p.nameFor(text), name);
});

test('a text marked planEachTime is never named, however often it runs', () => {
  const p = new PreparedStatements();
  const text = planEachTime('update webhook_deliveries set status = $1 where id = $2 /* planned test */');
  for (let i = 0; i < 20; i++) assert.equal(p.nameFor(text), undefined);
  // Other texts are still named.
  const other = 'select 1 where $1::int = 1 /* planned test, other */';
  for (let i = 0; i < 2; i++) p.nameFor(other);
  assert.ok(p.nameFor(other));
});
