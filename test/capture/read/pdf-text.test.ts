// test-database: none (it uses no database; scripts/run-tests.mjs)
// The text layer as words with boxes (src/modules/capture/read/pdf-text.ts), on PDFs from three
// generators: docex's own Factur-X renderer, pdfkit, pdf-lib (with a rotated page).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { PageWord } from '../../../src/lib/capture-shapes.ts';
import { hasUsableText, readingOrder, readPdfTextPages } from '../../../src/modules/capture/read/pdf-text.ts';
import { DOCEX_INVOICE, docexInvoicePdf, pdfkitLeadersPdf, pdfkitPdf, pdfLibPdf } from './sample-pdfs.ts';

function find(words: PageWord[], text: string): PageWord {
  const w = words.find((x) => x.text === text);
  assert.ok(w, `"${text}" among ${words.map((x) => x.text).join(' ')}`);
  return w;
}

function near(actual: number, expected: number, tolerance: number, what: string): void {
  assert.ok(
    Math.abs(actual - expected) <= tolerance,
    `${what}: ${actual} not within ${tolerance} of ${expected}`,
  );
}

describe('readPdfTextPages', () => {
  test("docex's own invoice: every printed value is a word, on an A4 page in points", async () => {
    const { pageCount, pages } = await readPdfTextPages(await docexInvoicePdf(), 20);
    assert.equal(pageCount, 1);
    const [page] = pages;
    assert.ok(page);
    assert.equal(page.n, 1);
    assert.equal(page.method, 'text');
    near(page.width, 595.28, 0.01, 'width');
    near(page.height, 841.89, 0.01, 'height');
    const texts = page.words.map((w) => w.text);
    for (const expected of ['RE-2026-0815', 'DE123456789', 'Nordlicht'])
      assert.ok(texts.includes(expected), expected);
    assert.ok(
      texts.some((t) => t.includes('1,195.79') || t.includes('1195.79') || t.includes('1.195,79')),
      texts.join(' '),
    );
    assert.ok(texts.includes('Müller'), 'accented text comes through the embedded font');
    for (const w of page.words) {
      const [x0, y0, x1, y1] = w.bbox;
      assert.ok(x0 < x1 && y0 < y1, `${w.text} has a box`);
      assert.ok(x0 >= 0 && y0 >= 0 && x1 <= page.width && y1 <= page.height, `${w.text} is on the page`);
      assert.equal(w.confidence, 1);
    }
    // The seller's name is above the first line's description: reading order is top to bottom.
    const seller = texts.indexOf('Müller');
    assert.ok(seller >= 0 && seller < texts.indexOf('Nordlicht'));
    assert.ok(texts.includes(DOCEX_INVOICE.issuer_number));
  });

  test('pdfkit: words boxed by their share of the run, origin top-left, blank page has no words', async () => {
    const { pageCount, pages } = await readPdfTextPages(await pdfkitPdf(), 20);
    assert.equal(pageCount, 3);
    const [p1, p2, p3] = pages;
    assert.ok(p1 && p2 && p3);
    assert.deepEqual(
      p1.words.map((w) => w.text),
      ['Invoice', 'number', 'INV-77', 'Total', 'due', '1,234.56', 'EUR'],
    );
    const invoice = find(p1.words, 'Invoice');
    const number = find(p1.words, 'number');
    // pdfkit's text(x, y) puts the top of the line at y; Helvetica 12 pt.
    near(invoice.bbox[0], 72, 0.5, 'Invoice x0');
    near(invoice.bbox[1], 100, 3, 'Invoice top');
    near(invoice.bbox[3], 100 + 12, 4, 'Invoice bottom');
    assert.ok(invoice.bbox[2] < number.bbox[0], 'words do not overlap');
    near(number.bbox[0] - invoice.bbox[2], 3.3, 2, 'a space between them');
    const total = find(p1.words, '1,234.56');
    assert.ok(total.bbox[0] > 300 && total.bbox[1] > 395);
    assert.ok(p2.words.some((w) => w.text === 'décembre'));
    assert.equal(p3.words.length, 0);
  });

  test('dotted leaders and rules are not words: the page keeps its text, the label its own word', async () => {
    // Without this the page, more dots than letters, was taken for one without usable text and
    // read as a scan (three of the 24 held-out (4) invoices).
    const { pages } = await readPdfTextPages(await pdfkitLeadersPdf(), 20);
    assert.deepEqual(
      pages[0]?.words.map((w) => w.text),
      ['Rechnung', 'Nr.', 'RE-1', 'Datum', '17.03.2026', 'Summe', '99,00'],
    );
    const summe = find(pages[0]?.words ?? [], 'Summe');
    assert.ok(summe.bbox[2] - summe.bbox[0] < 40, `"Summe" is boxed without its leader: ${summe.bbox}`);
    // an ellipsis and a decimal amount are no leaders
    const { pages: short } = await readPdfTextPages(await pdfkitPdf(), 1);
    assert.ok(short[0]?.words.some((w) => w.text === '1,234.56'));
  });

  test('pdf-lib: baseline coordinates turned top-left, and a page rotated 90 degrees', async () => {
    const { pages } = await readPdfTextPages(await pdfLibPdf(), 20);
    const [p1, p2] = pages;
    assert.ok(p1 && p2);
    const rechnung = find(p1.words, 'Rechnung');
    near(rechnung.bbox[0], 50, 0.5, 'x0');
    // Baseline 700 from the bottom of a 792 pt page is 92 from the top; 20 pt Times.
    assert.ok(rechnung.bbox[3] > 92 && rechnung.bbox[3] < 92 + 8, `bottom ${rechnung.bbox[3]}`);
    assert.ok(rechnung.bbox[1] < 92 - 10 && rechnung.bbox[1] > 92 - 22, `top ${rechnung.bbox[1]}`);
    assert.deepEqual(
      p1.words.map((w) => w.text),
      ['Rechnung', '4711', 'Gesamtbetrag', '99,00', 'EUR'],
    );
    // Shown rotated: the page is landscape, the text runs top to bottom along its left side.
    assert.equal(p2.width, 792);
    assert.equal(p2.height, 612);
    const word = find(p2.words, 'Factuurnummer');
    assert.ok(word.bbox[3] - word.bbox[1] > word.bbox[2] - word.bbox[0], 'a vertical box');
    assert.ok(word.bbox[0] >= 0 && word.bbox[2] <= 792 && word.bbox[3] <= 612);
  });

  test('reads only the first maxPages pages and reports the real count', async () => {
    const { pageCount, pages } = await readPdfTextPages(await pdfkitPdf(), 2);
    assert.equal(pageCount, 3);
    assert.deepEqual(
      pages.map((p) => p.n),
      [1, 2],
    );
  });

  test('a file that is not a PDF is refused by the parser', async () => {
    await assert.rejects(readPdfTextPages(new TextEncoder().encode('%PDF-1.7\nnothing here\n'), 20));
  });
});

describe('text rules', () => {
  const w = (text: string, x: number, y: number): PageWord => ({
    text,
    bbox: [x, y, x + 10, y + 10],
    confidence: 1,
  });

  test('a page with a few characters (a stamped page number) has no usable text', () => {
    assert.equal(hasUsableText([w('Page', 0, 0), w('1/2', 20, 0)]), false);
    assert.equal(hasUsableText([w('Invoice', 0, 0), w('12345', 20, 0)]), true);
    // Glyphs a font maps to symbols only.
    assert.equal(hasUsableText([w('!!!!""""####$$$$%%%%abcdefghij', 0, 0)]), false);
  });

  test('reading order: lines top to bottom, words left to right, whatever the stream order', () => {
    const words = [w('right', 100, 51), w('below', 0, 80), w('left', 0, 50)];
    assert.deepEqual(
      readingOrder(words).map((x) => x.text),
      ['left', 'right', 'below'],
    );
  });
});
