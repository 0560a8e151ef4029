// test-database: none (it uses no database; scripts/run-tests.mjs)
// Every request schema is bounded (issue 26, CONTRACT 10): ajv runs with allErrors, so an array
// without maxItems or a string without a bound is a lever for a body that costs the service more
// to judge than to send. Walks every route's body, query and params schema, so a new route cannot
// regress.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allRoutes } from '../../src/routes.ts';

type Schema = Record<string, unknown>;

let arraysSeen = 0;
let stringsSeen = 0;

function problems(schema: unknown, path: string, out: string[]): string[] {
  if (!schema || typeof schema !== 'object') return out;
  const s = schema as Schema;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('array')) arraysSeen++;
  if (types.includes('string')) stringsSeen++;
  if (types.includes('array') && typeof s.maxItems !== 'number') out.push(`${path}: array without maxItems`);
  const bounded =
    typeof s.maxLength === 'number' || Array.isArray(s.enum) || 'const' in s || typeof s.format === 'string';
  if (types.includes('string') && !bounded) out.push(`${path}: string without maxLength`);
  if (s.type === 'object' && s.additionalProperties !== false && s.additionalProperties !== undefined) {
    if (typeof s.maxProperties !== 'number') out.push(`${path}: open object without maxProperties`);
  }
  for (const [k, v] of Object.entries((s.properties as Record<string, unknown>) ?? {}))
    problems(v, `${path}.${k}`, out);
  if (s.items) problems(s.items, `${path}[]`, out);
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    problems(s.additionalProperties, `${path}.*`, out);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const [i, v] of ((s[key] as unknown[]) ?? []).entries()) problems(v, `${path}<${key}${i}>`, out);
  }
  return out;
}

test('every array in every request schema has maxItems and every string a bound', () => {
  const found: string[] = [];
  for (const route of allRoutes()) {
    for (const [part, schema] of [
      ['body', route.body],
      ['query', route.query],
      ['params', route.params],
    ] as const) {
      if (schema) problems(schema, `${route.method} ${route.url} ${part}`, found);
    }
  }
  assert.deepEqual(found, []);
  // the walk reached the schemas it judges
  assert.ok(arraysSeen >= 6, `${arraysSeen} arrays`);
  assert.ok(stringsSeen >= 100, `${stringsSeen} strings`);
});
