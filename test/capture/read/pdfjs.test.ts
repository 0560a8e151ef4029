// test-database: none (it uses no database; scripts/run-tests.mjs)
// pdf.js loaded on a thread (src/modules/capture/read/pdfjs.ts) leaves the engine's own
// JSON.stringify, JSON.parse and Array.prototype.push in place: its legacy build's core-js replaces
// them on Node 20 with polyfills 14-60 times slower (every capture thread and every process reading
// a PDF paid for it). Each test file runs in its own process, so nothing loaded pdf.js before the
// references below were taken.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPdf } from '../../../src/modules/capture/read/pdfjs.ts';
import { renderPdfPage } from '../../../src/modules/capture/read/render-pdf.ts';
import { pdfkitPdf } from './sample-pdfs.ts';

const engine = { stringify: JSON.stringify, parse: JSON.parse, push: Array.prototype.push };

test("reading and drawing a PDF keeps the engine's JSON and Array.prototype.push", async () => {
  const pdf = await openPdf(await pdfkitPdf());
  const page = await pdf.getPage(1);
  const text = await page.getTextContent();
  assert.ok(text.items.length > 0, 'the text layer is read with the builtins put back');
  const pixels = await renderPdfPage(pdf, page, 72, 1_000_000);
  assert.ok(pixels.width > 0 && pixels.height > 0, 'and the page is drawn');
  await pdf.destroy();
  // checked after pdf.js has parsed, read and drawn: nothing it loads on the way patches them again
  assert.equal(JSON.stringify, engine.stringify, 'JSON.stringify');
  assert.equal(JSON.parse, engine.parse, 'JSON.parse');
  assert.equal(Array.prototype.push, engine.push, 'Array.prototype.push');
  // what core-js adds that Node 20 lacks stays: pdf.js uses it
  assert.equal(typeof (Promise as { withResolvers?: unknown }).withResolvers, 'function');
  assert.equal(JSON.stringify({ a: [1, '\uDEAD'] }), '{"a":[1,"\\udead"]}');
});
