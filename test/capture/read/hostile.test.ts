// test-database: none (it uses no database; scripts/run-tests.mjs)
// Hostile files given to capture's reader (issue 51, CONTRACT §13): each is refused or cut to the
// limits with a reason in words, never a crash and never a stall: the main thread's event loop
// keeps ticking (no pause of half a second) while the capture thread works, and the process's memory stays
// bounded (a decoded bomb would be gigabytes).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../../../src/config.ts';
import type { ReadFile } from '../../../src/lib/capture-shapes.ts';
import { ApiError } from '../../../src/lib/errors.ts';
import { capturableKind } from '../../../src/modules/capture/capturable.ts';
import { closeCapturePool } from '../../../src/modules/capture/capture-pool.ts';
import { readCaptureFile } from '../../../src/modules/capture/read-file.ts';
import {
  deeplyNestedPdf,
  hugeJpeg,
  MAX_LOOP_GAP_MS,
  manyFrameTiff,
  manyPagePdf,
  pngBomb,
  watched,
  zipArchive,
} from './hostile-files.ts';

const config = loadConfig({ NODE_ENV: 'test', DOCEX_CAPTURE_MAX_PAGES: '3' });
// The capture thread started and warm before the event loop is watched: its start is not a file's work.
before(async () => {
  await readCaptureFile(config, {
    bytes: await manyPagePdf(1),
    filename: 'warm.pdf',
    contentType: 'application/pdf',
  });
});
after(() => closeCapturePool(config));

/** Memory the capture thread may add (pdf.js, sharp, and for the TIFF the OCR engine's languages). */
const RSS_BOUND_MB = 700;

async function read(bytes: Uint8Array, filename: string, contentType: string) {
  const run = await watched(() => readCaptureFile(config, { bytes, filename, contentType }));
  assert.ok(run.maxGapMs < MAX_LOOP_GAP_MS, `the event loop stalled ${Math.round(run.maxGapMs)} ms`);
  assert.ok(run.rssGrowthMb < RSS_BOUND_MB, `RSS grew ${Math.round(run.rssGrowthMb)} MB`);
  return run.result;
}

function refused(result: ReadFile | Error, reason: string, words: RegExp): void {
  assert.ok(result instanceof ApiError, `refused, not ${result instanceof Error ? result.message : 'read'}`);
  assert.equal(result.code, 'invalid_request');
  assert.equal(result.details?.reason, reason, result.message);
  assert.match(result.message, words);
}

describe('hostile files', () => {
  test('a malformed PDF is refused with a reason', async () => {
    const bytes = new TextEncoder().encode(
      `%PDF-1.7\n1 0 obj <</Type/Catalog/Pages 9 0 R>>\n${'garbage '.repeat(2000)}`,
    );
    refused(await read(bytes, 'broken.pdf', 'application/pdf'), 'unreadable_pdf', /This PDF cannot be read/);
  });

  test('a PDF of 400 pages: the first DOCEX_CAPTURE_MAX_PAGES are read, and it says so', async () => {
    const result = await read(await manyPagePdf(400), 'long.pdf', 'application/pdf');
    assert.ok(!(result instanceof Error), String(result));
    assert.equal(result.pageCount, 400);
    assert.equal(result.pages.length, 3);
    assert.equal(result.truncated, true);
    assert.equal(result.method, 'text');
    assert.match(result.notes[0] ?? '', /Pages 4-400 of 400 were not read: docex reads the first 3 pages/);
    assert.ok(result.pages[2]?.words.some((w) => w.text === '3'));
  });

  test('a 30,000 x 30,000 image is refused by the pixel limit before it is decoded', async () => {
    const result = await read(await hugeJpeg(30_000, 30_000), 'huge.jpg', 'image/jpeg');
    refused(
      result,
      'image_too_large',
      /30000 x 30000 pixels \(900 megapixels\); docex reads images up to 50 megapixels/,
    );
  });

  test('a PNG that would decode to gigabytes is refused, not inflated', async () => {
    const result = await read(pngBomb(60_000), 'bomb.png', 'image/png');
    refused(result, 'image_too_large', /60000 x 60000 pixels/);
  });

  test('a PDF nesting its objects 100,000 deep is refused, never a crash', async () => {
    const result = await read(deeplyNestedPdf(100_000), 'nested.pdf', 'application/pdf');
    refused(result, 'unreadable_pdf', /nests its objects too deeply to be read safely/);
    // Nested 50 deep it is an ordinary PDF.
    const shallow = await read(deeplyNestedPdf(50), 'nested.pdf', 'application/pdf');
    assert.ok(!(shallow instanceof Error), String(shallow));
    assert.ok(shallow.pages[0]?.words.some((w) => w.text === 'nested'));
  });

  test('a zip renamed invoice.pdf is not captured, whatever its name and type', async () => {
    const zip = zipArchive();
    assert.equal(
      capturableKind({ bytes: zip, filename: 'invoice.pdf', contentType: 'application/pdf' }),
      null,
    );
    refused(
      await read(zip, 'invoice.pdf', 'application/pdf'),
      'not_capturable',
      /neither a PDF nor an image/,
    );
  });

  test('a TIFF of 500 frames: the first DOCEX_CAPTURE_MAX_PAGES are read, and it says so', async () => {
    const result = await read(manyFrameTiff(500, 48), 'frames.tiff', 'image/tiff');
    assert.ok(!(result instanceof Error), String(result));
    assert.equal(result.pageCount, 500);
    assert.equal(result.pages.length, 3);
    assert.equal(result.truncated, true);
    assert.match(result.notes[0] ?? '', /Pages \(TIFF frames\) 4-500 of 500 were not read/);
    assert.deepEqual(
      result.pages.map((p) => [p.n, p.width, p.height, p.method, p.words.length]),
      [
        [1, 48, 48, 'ocr', 0],
        [2, 48, 48, 'ocr', 0],
        [3, 48, 48, 'ocr', 0],
      ],
    );
  });
});
