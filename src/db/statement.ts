// Statements assembled from template fragments and compiled by concatenation, for the hot
// single-statement writes (a document change: src/modules/documents/persist.ts). Kysely's `sql`
// template builds a frozen tree of nodes for every fragment and parameter and then visits it to
// compile; for the document-create statement (~130 parameters) that was the largest single item of
// a create's JavaScript: Kysely ~12 % of docex's CPU under the create-many load, and the fragments'
// assembly in persist.ts ~5 % more (issue 9, bench/README.md item 24). Here a fragment is two
// arrays, compiling is one walk that appends text and parameters, and the result runs through the
// same Kysely executor (connection, transaction, prepared-statement naming) as everything else.
import { CompiledQuery, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

/** A piece of SQL: text fragments with values between them (a value or a nested Statement). */
export class Statement {
  readonly parts: readonly string[];
  readonly values: readonly unknown[];

  constructor(parts: readonly string[], values: readonly unknown[]) {
    this.parts = parts;
    this.values = values;
  }
}

/** Tagged template: each `${value}` becomes a parameter, each `${statement}` is spliced in. */
export function stmt(parts: TemplateStringsArray, ...values: unknown[]): Statement {
  return new Statement(parts, values);
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * SQL text written by the code itself (a CTE's or column's name), never a value: checked to be a
 * plain lower-case identifier so that nothing else can reach the text unescaped.
 */
export function ident(name: string): Statement {
  if (!IDENTIFIER.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
  return new Statement([name], []);
}

/** The statements one after another, separated by `separator` (SQL text, not a value). */
export function joinStatements(list: readonly Statement[], separator = ', '): Statement {
  if (list.length === 0) return new Statement([''], []);
  const parts = [''];
  for (let i = 1; i < list.length; i++) parts.push(separator);
  parts.push('');
  return new Statement(parts, list);
}

function append(s: Statement, out: { text: string; parameters: unknown[] }): void {
  const { parts, values } = s;
  out.text += parts[0];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v instanceof Statement) append(v, out);
    else {
      out.parameters.push(v);
      out.text += `$${out.parameters.length}`;
    }
    out.text += parts[i + 1];
  }
}

/** The statement's text, with $1…$n placeholders, and its parameters in order. */
export function compileStatement(s: Statement): { text: string; parameters: unknown[] } {
  const out = { text: '', parameters: [] as unknown[] };
  append(s, out);
  return out;
}

/** Runs the statement on `executor` (the database, or a transaction) and returns its rows. */
export async function runStatement<R>(executor: Kysely<DB>, s: Statement): Promise<R[]> {
  const { text, parameters } = compileStatement(s);
  const res = await executor.executeQuery<R>(CompiledQuery.raw(text, parameters));
  return res.rows;
}
