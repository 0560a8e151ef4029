// What OCR reads on a scan of a corpus invoice (issue 51): made here as bench/capture-scans.ts makes
// it (scripts/make-capture-scans.ts's `scanPage`, the same seed), and read by docex's own OCR reader
// (images.ts, ocr.ts), without the capture pool.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import sharp from 'sharp';
import { scanImage, scanPage } from '../../../scripts/make-capture-scans.ts';
import { ocrImage } from '../../../src/modules/capture/read/images.ts';
import { recognize, stopOcrEngine } from '../../../src/modules/capture/read/ocr.ts';
import { OCR_LANGUAGES } from '../../../src/modules/capture/read/ocr-engine.ts';

const ZTEST = new URL(
  '../../fixtures/capture/mustangproject/ZTESTZUGFERD_1_INVDSS_012015738820PDF-1.pdf',
  import.meta.url,
);

after(() => stopOcrEngine());

describe('OCR on a scan', () => {
  test('a totals block between rules of dashes and equals signs is read (a local threshold, not one for the page)', async () => {
    // The bench's scan of this file: 300 dpi, turned -1.8°, specked, paper grain.
    const page = await scanPage(
      new Uint8Array(readFileSync(ZTEST)),
      { dpi: 300, degrees: -1.8, specks: 50, grain: 20, seed: 5171 },
      1,
    );
    const png = await scanImage(page, 300).png().toBuffer();
    const img = await ocrImage(new Uint8Array(png), 0);
    const { words, angle } = await recognize(img.png, img, img.dpi, 'off', OCR_LANGUAGES);
    // The page is straightened by the skew tesseract measures on it (rotateAuto): the scan's 1.8°.
    const degrees = Math.abs((angle * 180) / Math.PI);
    assert.ok(Math.abs(degrees - 1.8) < 0.3, `skew measured ${degrees.toFixed(2)}°, turned 1.8°`);
    const texts = words.map((w) => w.text);
    // Read with tesseract's default (Otsu's one threshold for the page), the whole block between
    // the rules was missing from the words: its heading, its total and its tax.
    for (const want of ['Gesamtbeträge', '447,88', '71,51'])
      assert.ok(texts.includes(want), `${want} is not among the words read: ${texts.join(' ')}`);
    // and the invoice's number, read either way
    assert.ok(texts.includes('2015738820'));
  });
});

describe('a scan at low resolution', () => {
  const blank = (width: number, height: number, dpi: number) =>
    sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
      .withMetadata({ density: dpi })
      .png()
      .toBuffer();

  test('is read scaled up to about 300 dpi (at most twice), its boxes still in its own pixels', async () => {
    // A4 at 150 dpi: 1240 x 1754 pixels, read at 3300 on its long side (282 dpi); before 1.19.17
    // only to 2000 (171 dpi), where tesseract lost dates and totals a 300 dpi page keeps
    const a4 = await ocrImage(new Uint8Array(await blank(1240, 1754, 150)), 0);
    assert.equal(a4.height, 3300);
    assert.ok(Math.abs(a4.dpi - 282) < 1, `read at ${a4.dpi} dpi`);
    assert.deepEqual([a4.pageWidth, a4.pageHeight], [1240, 1754]);
    // a small image no more than twice
    const small = await ocrImage(new Uint8Array(await blank(600, 800, 72)), 0);
    assert.equal(small.scale, 2);
    // 300 dpi as it is
    const full = await ocrImage(new Uint8Array(await blank(2480, 3508, 300)), 0);
    assert.equal(full.scale, 1);
  });
});
