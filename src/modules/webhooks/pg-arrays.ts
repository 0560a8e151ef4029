// PostgreSQL array literals ('{a,b,NULL}') for the delivery path's batched statements, passed as
// plain text parameters and cast in SQL (`$1::text[]`). pg's client serialises a JavaScript array
// parameter element by element (prepareValue, then two regular-expression replaces and a
// concatenation per element, quoting every one), and each outcome's attempt went in as JSON whose
// every quote it escaped. Almost every element here is an id, a token, an ISO timestamp, a number
// or an enum word, which need no quoting at all, so one test per element decides, and only the
// rare other text (an attempt's error) is quoted. Measured: encoding a batch of 64 outcomes and
// 64 new deliveries, 2.9 → 0.8 µs of CPU per delivery (microbenchmark, 3 rounds); in
// bench/webhooks.ts profiles pg's parameter encoding had shown as 10–15 µs of the worker's
// ~300 µs (sampling inflates it). The same rows as JSON text (json_to_recordset) cost as little
// in JavaScript but more of PostgreSQL's CPU per delivery (~+20 µs in 4 quiet interleaved
// pairs), so they stay arrays.

/** Characters that never need quoting in an array literal (and are not all a NULL). */
const BARE = /^[A-Za-z0-9_.:+-]+$/;

/** One element of an array literal: bare when safe, else double-quoted with \ and " escaped. */
function element(value: string | number | boolean | null): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 't' : 'f';
  // "NULL" (any case) unquoted would read as a null element.
  if (BARE.test(value) && (value.length !== 4 || value.toUpperCase() !== 'NULL')) return value;
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/** The text of a one-dimensional array literal, for a parameter cast to text[], int[], etc. */
export function arrayLiteral(values: ReadonlyArray<string | number | boolean | null>): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    out += element(values[i] as string | number | boolean | null);
  }
  return `${out}}`;
}
