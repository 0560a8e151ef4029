// test-database: none (it uses no database; scripts/run-tests.mjs)
// Reading a captured file on the capture pool (src/modules/capture/read-file.ts): which files are
// captured, a born-digital PDF by its text layer, scans by OCR (two OCR pages in all: a JPEG, and
// a PDF whose second page is a scan), DOCEX_OCR=off, the review page's PNG, and the pool's
// discipline (queue full and time limit answer 503 with Retry-After; the next file still reads).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { loadConfig } from '../../../src/config.ts';
import type { PageWord } from '../../../src/lib/capture-shapes.ts';
import { ApiError } from '../../../src/lib/errors.ts';
import { capturableKind } from '../../../src/modules/capture/capturable.ts';
import { closeCapturePool } from '../../../src/modules/capture/capture-pool.ts';
import { readCaptureFile, renderCapturePage } from '../../../src/modules/capture/read-file.ts';
import { MAX_LOOP_GAP_MS, manyPagePdf, watched } from './hostile-files.ts';
import { docexInvoicePdf } from './sample-pdfs.ts';

const SCANS = new URL('../../fixtures/capture/scans/', import.meta.url);
const scan = (name: string) => new Uint8Array(readFileSync(new URL(name, SCANS)));

// OCR pages get two minutes here: a CI machine running three suites at once is slow, and a page
// stopped by its time limit would read as a page with no words.
const config = loadConfig({
  NODE_ENV: 'test',
  DOCEX_CAPTURE_PAGE_TIMEOUT_MS: '120000',
  DOCEX_CAPTURE_TIMEOUT_MS: '600000',
});
const ocrOff = loadConfig({ NODE_ENV: 'test', DOCEX_OCR: 'off' });
const tight = loadConfig({
  NODE_ENV: 'test',
  DOCEX_CAPTURE_QUEUE: '1',
  DOCEX_CAPTURE_TIMEOUT_MS: '1000',
  DOCEX_CAPTURE_MAX_PAGES: '1000',
});
const quickPages = loadConfig({ NODE_ENV: 'test', DOCEX_CAPTURE_PAGE_TIMEOUT_MS: '100' });
after(() => Promise.all([config, ocrOff, tight, quickPages].map(closeCapturePool)));

const pdf = (bytes: Uint8Array, filename = 'invoice.pdf') => ({
  bytes,
  filename,
  contentType: 'application/pdf',
});

function word(words: PageWord[], text: string): PageWord {
  const w = words.find((x) => x.text === text);
  assert.ok(w, `"${text}" among ${words.map((x) => x.text).join(' ')}`);
  return w;
}

/** The box's centre is within `tolerance` of the expected point. */
function centredNear(w: PageWord, x: number, y: number, tolerance: number): void {
  const cx = (w.bbox[0] + w.bbox[2]) / 2;
  const cy = (w.bbox[1] + w.bbox[3]) / 2;
  assert.ok(
    Math.hypot(cx - x, cy - y) <= tolerance,
    `${w.text} centred at ${cx},${cy}, expected near ${x},${y}`,
  );
}

describe('capturableKind', () => {
  test('by the bytes, whatever the name and type claim', async () => {
    const invoice = await docexInvoicePdf();
    assert.equal(
      capturableKind({ bytes: invoice, filename: 'x.bin', contentType: 'application/octet-stream' }),
      'pdf',
    );
    const prefixed = new Uint8Array([...new TextEncoder().encode('junk before the header\n'), ...invoice]);
    assert.equal(capturableKind(pdf(prefixed)), 'pdf');
    assert.equal(
      capturableKind({
        bytes: scan('invoice-200dpi.jpg'),
        filename: 'a.pdf',
        contentType: 'application/pdf',
      }),
      'image',
    );
    assert.equal(
      capturableKind({ bytes: scan('invoice-150dpi.png'), filename: 'p', contentType: '' }),
      'image',
    );
    const logo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    assert.equal(
      capturableKind({ bytes: logo, filename: 'logo.png', contentType: 'image/png' }),
      null,
      'under 10 kB: a logo',
    );
    assert.equal(
      capturableKind({
        bytes: Buffer.from('Invoice 42, total 10 EUR'),
        filename: 'i.txt',
        contentType: 'text/plain',
      }),
      null,
    );
  });
});

describe('readCaptureFile', () => {
  test('a born-digital PDF is read from its text layer', async () => {
    const read = await readCaptureFile(config, pdf(await docexInvoicePdf()));
    assert.equal(read.method, 'text');
    assert.equal(read.pageCount, 1);
    assert.equal(read.truncated, false);
    assert.deepEqual(read.notes, []);
    const page = read.pages[0];
    assert.ok(page);
    assert.equal(page.method, 'text');
    assert.ok(word(page.words, 'RE-2026-0815').confidence === 1);
  });

  test('a JPEG scan is read by OCR, boxes in its pixels, while the event loop keeps ticking', async () => {
    const run = await watched(() =>
      readCaptureFile(config, {
        bytes: scan('invoice-200dpi.jpg'),
        filename: 's.jpg',
        contentType: 'image/jpeg',
      }),
    );
    assert.ok(run.maxGapMs < MAX_LOOP_GAP_MS, `the event loop stalled ${Math.round(run.maxGapMs)} ms`);
    const read = run.result;
    assert.ok(!(read instanceof Error), String(read));
    assert.deepEqual(read.notes, []);
    assert.equal(read.method, 'ocr');
    const page = read.pages[0];
    assert.ok(page);
    // The scan: 200 dpi, turned 1.5 degrees (the canvas grew to 1714 x 2380).
    assert.deepEqual([page.width, page.height, page.method], [1714, 2380, 'ocr']);
    const vat = word(page.words, 'DE123456789');
    // Where it is on the image (measured on it): left column, below the seller's address.
    centredNear(vat, 347, 630, 12);
    assert.ok(vat.confidence > 0.5 && vat.confidence <= 1);
    word(page.words, 'RE-2026-0815');
    word(page.words, '1195.79');
    // German letters come through: the six languages are loaded, not English alone. (The seller's
    // "Müller" too until 1.19.17; read scaled up to 282 dpi, this quality-45 JPEG's ü in it is an i.)
    word(page.words, 'München');
  });

  test('a PDF whose second page is a scan with a stamp is read by text and OCR (mixed), OCR boxes in points', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const [text] = await doc.copyPages(await PDFDocument.load(await docexInvoicePdf()), [0]);
    const [scanned] = await doc.copyPages(await PDFDocument.load(scan('invoice-scan.pdf')), [0]);
    assert.ok(text && scanned);
    doc.addPage(text);
    // A mailroom's stamp as text over the scan: a few words do not make the page a text page.
    doc.addPage(scanned).drawText('Received 2026-03-16 mailroom', { x: 400, y: 20, size: 9, font });
    const read = await readCaptureFile(config, pdf(await doc.save()));
    assert.deepEqual(read.notes, []);
    assert.equal(read.method, 'mixed');
    assert.deepEqual(
      read.pages.map((p) => p.method),
      ['text', 'ocr'],
    );
    const [p1, p2] = read.pages;
    assert.ok(p1 && p2);
    assert.deepEqual([p2.width, p2.height], [595.28, 841.89]);
    // The same word on the born-digital page and on its scan, a few points apart (the scan is
    // turned 1.5 degrees and its grown canvas squeezed onto the page).
    const born = word(p1.words, 'DE123456789');
    centredNear(
      word(p2.words, 'DE123456789'),
      (born.bbox[0] + born.bbox[2]) / 2,
      (born.bbox[1] + born.bbox[3]) / 2,
      20,
    );
  });

  test('DOCEX_OCR=off: a scan is refused with a reason that says OCR is off; a text PDF still reads', async () => {
    for (const file of [
      pdf(scan('invoice-scan.pdf')),
      { bytes: scan('invoice-150dpi.png'), filename: 's.png', contentType: 'image/png' },
    ]) {
      await assert.rejects(readCaptureFile(ocrOff, file), (err: unknown) => {
        assert.ok(err instanceof ApiError);
        assert.equal(err.code, 'invalid_request');
        assert.equal(err.details?.reason, 'ocr_off');
        assert.match(err.message, /needs OCR, which is off on this server \(DOCEX_OCR=off\)/);
        return true;
      });
    }
    assert.equal((await readCaptureFile(ocrOff, pdf(await docexInvoicePdf()))).method, 'text');
    // A scan with a stamp's few words: those words are read, and a note says what was not.
    const stamped = await PDFDocument.load(scan('invoice-scan.pdf'));
    const font = await stamped.embedFont(StandardFonts.Helvetica);
    stamped.getPage(0).drawText('Received 2026-03-16 mailroom', { x: 400, y: 20, size: 9, font });
    const read = await readCaptureFile(ocrOff, pdf(await stamped.save()));
    assert.deepEqual(
      read.pages[0]?.words.map((w) => w.text),
      ['Received', '2026-03-16', 'mailroom'],
    );
    assert.match(read.notes[0] ?? '', /Page 1 looks like a scan with a few words of text on it; OCR is off/);
  });
});

describe('the page time limit', () => {
  test('a page whose OCR outlives DOCEX_CAPTURE_PAGE_TIMEOUT_MS is kept without words, and a note says so', async () => {
    const read = await readCaptureFile(quickPages, {
      bytes: scan('invoice-150dpi.png'),
      filename: 's.png',
      contentType: 'image/png',
    });
    assert.equal(read.pages.length, 1);
    assert.deepEqual(read.pages[0]?.words, []);
    assert.deepEqual(read.notes, [
      'Page 1 took longer than 0.1 seconds to read by OCR and was stopped: its words are missing.',
    ]);
  });
});

describe('renderCapturePage', () => {
  test('a page as a PNG at most 1600 pixels wide; a page that does not exist is 404', async () => {
    const png = await renderCapturePage(config, pdf(await docexInvoicePdf()), 1);
    const meta = await sharp(png).metadata();
    assert.equal(meta.format, 'png');
    assert.ok(meta.width && meta.width <= 1600 && meta.width >= 1000, String(meta.width));
    const image = await renderCapturePage(
      config,
      { bytes: scan('invoice-200dpi.jpg'), filename: 's.jpg', contentType: 'image/jpeg' },
      1,
    );
    assert.equal((await sharp(image).metadata()).width, 1600);
    await assert.rejects(renderCapturePage(config, pdf(await docexInvoicePdf()), 2), (err: unknown) => {
      assert.ok(err instanceof ApiError);
      assert.equal(err.code, 'not_found');
      assert.match(err.message, /has 1 page; there is no page 2/);
      return true;
    });
  });
});

describe('the capture pool', () => {
  test('a full queue and a file over its time answer 503 with Retry-After; the next file reads', async () => {
    const long = pdf(await manyPagePdf(3000));
    const first = readCaptureFile(tight, long);
    const second = readCaptureFile(tight, long);
    await assert.rejects(second, (err: unknown) => {
      assert.ok(err instanceof ApiError);
      assert.equal(err.code, 'unavailable');
      assert.equal(err.details?.reason, 'capture_queue_full');
      assert.equal(err.headers?.['retry-after'], '30');
      return true;
    });
    await assert.rejects(first, (err: unknown) => {
      assert.ok(err instanceof ApiError);
      assert.equal(err.details?.reason, 'capture_timeout');
      assert.match(err.message, /took longer than 1 seconds and was stopped/);
      return true;
    });
    // The stopped thread was replaced.
    const read = await readCaptureFile(tight, pdf(await manyPagePdf(2)));
    assert.equal(read.pages.length, 2);
  });
});
