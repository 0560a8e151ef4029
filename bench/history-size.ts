// How big a maximum-size draft's history entries are, and what reading and exporting a history of
// N such edits costs (issue 35 item 5): the figures the edit cap and the page budget are chosen from.
//   node --import tsx --conditions=docex-source bench/history-size.ts [edits] [ascii|astral]
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createDoc, pair } from '../test/helpers/document-setup.ts';
import { startTestService } from '../test/helpers/harness.ts';

const edits = Number(process.argv[2] ?? 20);
const kind = process.argv[3] ?? 'ascii';
const ch = kind === 'astral' ? '\u{1F600}' : 'x';
const text = (n: number, tag: string) => (tag + ch.repeat(n)).slice(0, tag.length + n * ch.length);

function maxLines(round: number) {
  return Array.from({ length: 200 }, (_, i) => ({
    description: text(999, `${round}:${i}`).slice(0, 1000 * ch.length),
    quantity: 999999999.9999,
    unit_price: 1,
    tax_rate: 0,
    tax_category: 'E',
    tax_exemption_reason: text(499, 'r').slice(0, 500 * ch.length),
    tax_exemption_reason_code: 'VATEX-EU-AE',
    sku: text(199, 's').slice(0, 200 * ch.length),
    unit_code: 'HUR',
    discount_type: 'fixed',
    discount_value: 0.5,
  }));
}
const refs = Object.fromEntries(
  Array.from({ length: 50 }, (_, i) => [
    `${String(i).padStart(2, '0')}${'k'.repeat(98)}`,
    text(500, '').slice(0, 500 * ch.length),
  ]),
);

const svc = await startTestService();
const p = await pair(svc);
const doc = await createDoc(svc, p, {
  line_items: maxLines(0),
  notes: text(10_000, '').slice(0, 10_000 * ch.length),
  external_refs: refs,
});
for (let i = 1; i <= edits; i++) {
  const r = await svc.req('PATCH', `/v1/documents/${doc.id}`, {
    token: p.issuer.key,
    body: { line_items: maxLines(i) },
  });
  if (r.status !== 200) throw new Error(`edit ${i}: ${r.status} ${r.text.slice(0, 300)}`);
}
const rss0 = process.memoryUsage().rss;
// The longest the event loop waited while the history was read and the bundle exported: what
// another tenant's request would have waited on top of its own work.
const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();
let t = performance.now();
const h = await svc.app.inject({
  method: 'GET',
  url: `/v1/documents/${doc.id}/history`,
  headers: { authorization: `Bearer ${p.issuer.key}` },
});
const tHistory = performance.now() - t;
lag.disable();
const historyLag = lag.max;
lag.reset();
const parsed = JSON.parse(h.body) as { entries: { changes: unknown }[]; has_more: boolean };
const sizes = parsed.entries.map((e) => JSON.stringify(e).length);
lag.enable();
t = performance.now();
const x = await svc.app.inject({
  method: 'GET',
  url: `/v1/documents/${doc.id}/export`,
  headers: { authorization: `Bearer ${p.issuer.key}` },
});
const tExport = performance.now() - t;
lag.disable();
console.log(
  JSON.stringify({
    kind,
    edits,
    entry_chars_max: Math.max(...sizes),
    entry_bytes_max: Math.max(...parsed.entries.map((e) => Buffer.byteLength(JSON.stringify(e)))),
    history_status: h.statusCode,
    history_has_more: parsed.has_more,
    history_bytes: h.rawPayload.length,
    history_ms: Math.round(tHistory),
    export_status: x.statusCode,
    export_bytes: x.rawPayload.length,
    export_ms: Math.round(tExport),
    rss_mb_before_reads: Math.round(rss0 / 1e6),
    rss_mb_after: Math.round(process.memoryUsage().rss / 1e6),
    history_event_loop_max_wait_ms: Math.round(historyLag / 1e6),
    export_event_loop_max_wait_ms: Math.round(lag.max / 1e6),
  }),
);
await svc.close();
