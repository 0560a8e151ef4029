// The order of the house, as test/service/import-cycles.test.ts enforces it and docs/architecture.md
// prints it ("Floors and ranks"): the floors of src/'s folders (a file imports from its own floor
// or below) and the ranks of the families in src/modules/ (a family imports only lower ranks).

/** Rank 1 imports no family; rank 5 may import all below it. */
export const FAMILY_RANKS: Record<string, number> = {
  events: 1,
  keys: 1,
  ledger: 1,
  meta: 1,
  tlog: 1,
  documents: 2,
  identity: 2,
  webhooks: 2,
  attachments: 3,
  einvoice: 3,
  parties: 3,
  payments: 3,
  treasury: 3,
  bank: 4,
  capture: 4,
  delivery: 4,
  finance: 4,
  provenance: 4,
  inbound: 5,
  recipient: 5,
};

/** Each path of src/ (as madge names it: relative to src/) and its floor, most specific first. */
const FLOORS: Array<[RegExp, number]> = [
  // ../scripts/: the bundle verifier's types, which cli.ts names: a leaf outside src/.
  [/^(lib|client)\/|^version\.ts$|^verify-webhook\.ts$|^\.\.\/scripts\//, 0],
  [/^observability\//, 1],
  [/^db\//, 2],
  [/^config\.ts$/, 3],
  [/^context\.ts$/, 4],
  [/^(http|worker)\//, 5],
  [/^modules\/wiring\.ts$/, 7],
  [/^modules\/[^/]+\//, 6],
  [/^(routes|tasks|backlogs|secret-rotation)\.ts$|^(mcp|webapp)\//, 7],
  [/^(app|service)\.ts$/, 8],
  [/^(server|cli)\.ts$/, 9],
];

export function floorOf(file: string): number | null {
  for (const [pattern, floor] of FLOORS) if (pattern.test(file)) return floor;
  return null;
}
