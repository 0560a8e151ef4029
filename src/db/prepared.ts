// Which statement texts are sent as named prepared statements (PostgreSQL through pg, and PGlite
// through its protocol: src/db/pglite-pool.ts).
// Statements run often enough are sent as named prepared statements, so PostgreSQL parses and
// plans them once per connection instead of on every execution. Measured (bench/README.md): the
// list page's query took 1.3 ms to plan and 1.0 ms to run, and on this 2-core machine PostgreSQL's
// CPU is shared with docex and the load. Only statements with parameters (Kysely sends those on
// the extended protocol anyway; a parameterless text may hold several statements), only after
// their third run (one-off texts stay unnamed), and at most MAX_PREPARED texts per process, so a
// connection never holds an unbounded number of plans.
const MAX_PREPARED = 200;
const PREPARE_AFTER = 3;

// Texts that are planned at every execution, never named. A named statement's plan becomes
// generic after five executions, chosen from the tables' sizes at that moment, and it stays until
// the tables are analyzed. A statement that joins a growing table to rows passed in as arrays was
// planned while the table was a few pages (a hash join on a sequential scan is then cheapest) and
// went on scanning it whole as it grew: recording webhook outcomes scanned all 20,000+ deliveries
// per batch of ~60 in bench/webhooks.ts (autovacuum, and with it analyze, is off on this machine;
// with it on, a fresh deployment's first minute would do the same). Planned each time, the plan
// follows the table. For statements run once per batch, the planning is cheap beside the scan.
const planned = new Set<string>();

/** Marks a statement text to be planned at every execution (see above); returns it. */
export function planEachTime(text: string): string {
  planned.add(text);
  return text;
}

export class PreparedStatements {
  readonly #names = new Map<string, string>();
  #seen = new Map<string, number>();

  nameFor(text: string): string | undefined {
    if (planned.has(text)) return undefined;
    const name = this.#names.get(text);
    if (name !== undefined || this.#names.size >= MAX_PREPARED) return name;
    const runs = (this.#seen.get(text) ?? 0) + 1;
    if (runs < PREPARE_AFTER) {
      // Texts seen once or twice are remembered in a bounded map (a few hundred KB at most).
      if (this.#seen.size >= 1_000) this.#seen = new Map();
      this.#seen.set(text, runs);
      return undefined;
    }
    this.#seen.delete(text);
    const fresh = `docex_${this.#names.size}`;
    this.#names.set(text, fresh);
    return fresh;
  }
}
