import { PGlite } from '@electric-sql/pglite';
let t0 = performance.now();
const db = await PGlite.create();
console.log('create', performance.now()-t0);
t0 = performance.now();
const d = await db.dumpDataDir('none'); console.log('dump', d.size, performance.now()-t0);
t0 = performance.now();
const db2 = await PGlite.create({loadDataDir: d});
console.log('load', performance.now()-t0);
