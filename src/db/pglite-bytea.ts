// bytea in PGlite's text protocol, written and read with Buffer's hex codec. PGlite's own
// serializer maps every byte through Array.from, toString(16) and padStart, and its parser calls
// parseInt on every pair of hex digits: for the ~100 KB of an email with its e-invoice files
// (src/modules/delivery, stored as a bytea column, as are the files themselves) that was ~15 ms of
// the main thread per message in a CPU profile of bench/delivery.ts on PGlite. Same text, same
// values: `\x` and lowercase hex out, a Uint8Array of its own (not a view of Buffer's shared pool,
// which structured clone would copy whole) in.
export const OID_BYTEA = 17;

export function byteaToText(v: unknown): string {
  if (!(v instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return `\\x${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex')}`;
}

export function byteaFromText(v: string): Uint8Array {
  return new Uint8Array(Buffer.from(v.slice(2), 'hex'));
}
