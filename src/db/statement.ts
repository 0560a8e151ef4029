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
const IDENTS = new Map<string, Statement>();

/**
 * SQL text written by the code itself (a CTE's or column's name), never a value: checked to be a
 * plain lower-case identifier so that nothing else can reach the text unescaped.
 */
export function ident(name: string): Statement {
  let s = IDENTS.get(name);
  if (s === undefined) {
    if (!IDENTIFIER.test(name)) throw new Error(`not a plain SQL identifier: ${name}`);
    s = new Statement(Object.freeze([name]), []);
    // One Statement per name, so its parts keep one identity (compileStatement's cache).
    if (IDENTS.size < 10_000) IDENTS.set(name, s);
  }
  return s;
}

// The parts of joinStatements' results, per (count, separator): a statement's text is then a
// function of the identities of the parts arrays it is made of (see compileStatement).
const JOINS = new Map<string, readonly string[]>();

/** The statements one after another, separated by `separator` (SQL text, not a value). */
export function joinStatements(list: readonly Statement[], separator = ', '): Statement {
  const key = `${list.length}\n${separator}`;
  let parts = JOINS.get(key);
  if (parts === undefined) {
    const made = [''];
    for (let i = 1; i < list.length; i++) made.push(separator);
    if (list.length > 0) made.push('');
    parts = Object.freeze(made);
    if (JOINS.size < 1_000) JOINS.set(key, parts);
  }
  return new Statement(parts, list);
}

// A statement's text depends only on its structure: which parts arrays it is made of (a template
// literal's is one frozen array per call site; ident's and joinStatements' are cached), in which
// order, and where a value is a parameter. compileStatement walks that structure once to collect
// the parameters and a fingerprint of it (the parts' ids, -1 per parameter), and reuses the text
// compiled for the same fingerprint: the same string object every time, so the prepared-statement
// lookup (prepared.ts) and pg find it without hashing or comparing ~6 KB of text. Building the
// create statement's text anew, with that lookup, was ~5 % of a create's JavaScript (perf,
// issue 9, bench/README.md).
const PART_IDS = new WeakMap<readonly string[], number>();
let nextPartId = 0;
function partId(parts: readonly string[]): number {
  let id = PART_IDS.get(parts);
  if (id === undefined) {
    id = nextPartId++;
    PART_IDS.set(parts, id);
  }
  return id;
}

interface CompiledText {
  shape: number[];
  text: string;
}
const TEXTS = new Map<number, CompiledText[]>();
let cachedTexts = 0;
const MAX_CACHED_TEXTS = 1_000;

function collect(s: Statement, shape: number[], parameters: unknown[]): void {
  shape.push(partId(s.parts));
  const { values } = s;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v instanceof Statement) collect(v, shape, parameters);
    else {
      shape.push(-1);
      parameters.push(v);
    }
  }
}

function append(s: Statement, out: { text: string; n: number }): void {
  const { parts, values } = s;
  out.text += parts[0];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v instanceof Statement) append(v, out);
    else {
      out.n += 1;
      out.text += `$${out.n}`;
    }
    out.text += parts[i + 1];
  }
}

function hashShape(shape: readonly number[]): number {
  let h = 0x811c9dc5;
  for (const x of shape) h = Math.imul(h ^ x, 0x01000193);
  return h >>> 0;
}

function sameShape(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The statement's text, with $1…$n placeholders, and its parameters in order. */
export function compileStatement(s: Statement): { text: string; parameters: unknown[] } {
  const shape: number[] = [];
  const parameters: unknown[] = [];
  collect(s, shape, parameters);
  const h = hashShape(shape);
  const bucket = TEXTS.get(h);
  const hit = bucket?.find((c) => sameShape(c.shape, shape));
  if (hit) return { text: hit.text, parameters };
  const out = { text: '', n: 0 };
  append(s, out);
  const text = out.text;
  if (cachedTexts >= MAX_CACHED_TEXTS) {
    TEXTS.clear();
    cachedTexts = 0;
  }
  const entry = { shape, text };
  if (bucket) bucket.push(entry);
  else TEXTS.set(h, [entry]);
  cachedTexts += 1;
  return { text, parameters };
}

/** Runs the statement on `executor` (the database, or a transaction) and returns its rows. */
export async function runStatement<R>(executor: Kysely<DB>, s: Statement): Promise<R[]> {
  const { text, parameters } = compileStatement(s);
  const res = await executor.executeQuery<R>(CompiledQuery.raw(text, parameters));
  return res.rows;
}
