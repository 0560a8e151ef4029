// Hot read queries compiled once. A Kysely query built on every request costs its builder, the
// frozen node tree and the compiler's visit again each time although only the values change: for
// GET /v1/documents/{id} that was ~14 % of docex's own CPU under the get load (issue 9,
// bench/README.md item 28). A template is built once with stand-ins for its arguments and
// compiled; each run puts the arguments in their places among the compiled parameters and sends
// the same text (the same string, so the prepared-statement lookup, src/db/prepared.ts, finds it
// without hashing the text again). The list page does the same per shape of its filters
// (src/modules/documents/list-documents.ts, compiledPage), where the shape itself varies; this is
// the simple case, one shape, arguments that are all text.
import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

// A stand-in no real value can equal: text parameters never hold NUL (PostgreSQL refuses it).
const standIn = (i: number) => `\u0000docex-argument-${i}\u0000`;

export class QueryTemplate<Args extends readonly string[], R> {
  readonly #build: (db: Kysely<DB>, ...args: Args) => Compilable<R>;
  readonly #arity: number;
  #compiled: { text: string; slots: Array<{ arg: number } | { value: unknown }> } | undefined;

  /**
   * `build` must use each argument as a parameter value only (never to choose the query's shape),
   * and every argument at least once: the template checks both when it compiles.
   */
  constructor(arity: Args['length'], build: (db: Kysely<DB>, ...args: Args) => Compilable<R>) {
    this.#arity = arity;
    this.#build = build;
  }

  #compile(db: Kysely<DB>) {
    const standIns = Array.from({ length: this.#arity }, (_, i) => standIn(i)) as unknown as Args;
    const compiled = this.#build(db, ...standIns).compile();
    const used = new Set<number>();
    const slots = compiled.parameters.map((p) => {
      const arg = typeof p === 'string' ? standIns.indexOf(p) : -1;
      if (arg >= 0) used.add(arg);
      return arg >= 0 ? { arg } : { value: p };
    });
    if (used.size !== this.#arity) throw new Error('a query template must use each argument as a parameter');
    if (compiled.sql.includes('\u0000')) throw new Error('a query template argument reached the text');
    return { text: compiled.sql, slots };
  }

  /** Runs the query on `db` (the database or a transaction) with these arguments. */
  async execute(db: Kysely<DB>, ...args: Args): Promise<R[]> {
    // Kysely's PostgreSQL compiler is the same for both engines: compiled once per process.
    this.#compiled ??= this.#compile(db);
    const { text, slots } = this.#compiled;
    const parameters = slots.map((s) => ('arg' in s ? args[s.arg] : s.value));
    const res = await db.executeQuery<R>(CompiledQuery.raw(text, parameters));
    return res.rows;
  }
}
