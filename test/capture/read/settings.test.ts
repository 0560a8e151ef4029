// test-database: none (it uses no database; scripts/run-tests.mjs)
// Capture's settings (src/config.ts): the defaults of CONTRACT §13 and the brief, and a value that
// is not one refused at start rather than taken for something else.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../../src/config.ts';

test('capture settings: defaults, on/off, and bad values refused at start', () => {
  assert.deepEqual(loadConfig({}).capture, {
    maxPages: 20,
    ocr: true,
    ocrNative: 'auto',
    threads: 1,
    queue: 16,
    timeoutMs: 240_000,
    pageTimeoutMs: 120_000,
    nice: 10,
  });
  assert.equal(loadConfig({ DOCEX_OCR: 'off' }).capture.ocr, false);
  assert.equal(loadConfig({ DOCEX_OCR: 'ON' }).capture.ocr, true);
  assert.equal(loadConfig({ DOCEX_CAPTURE_MAX_PAGES: '5' }).capture.maxPages, 5);
  assert.throws(() => loadConfig({ DOCEX_OCR: 'sometimes' }), ConfigError);
  // the native engine: auto, off, or an absolute path, never one relative to where docex started
  assert.equal(loadConfig({ DOCEX_OCR_NATIVE: 'OFF' }).capture.ocrNative, 'off');
  assert.equal(loadConfig({ DOCEX_OCR_NATIVE: ' auto ' }).capture.ocrNative, 'auto');
  assert.equal(
    loadConfig({ DOCEX_OCR_NATIVE: '/opt/tesseract/bin/tesseract' }).capture.ocrNative,
    '/opt/tesseract/bin/tesseract',
  );
  assert.throws(
    () => loadConfig({ DOCEX_OCR_NATIVE: 'bin/tesseract' }),
    /DOCEX_OCR_NATIVE must be auto, off or the absolute path of a tesseract program/,
  );
  assert.throws(
    () => loadConfig({ DOCEX_CAPTURE_MAX_PAGES: '0' }),
    /DOCEX_CAPTURE_MAX_PAGES must be an integer between 1 and 1000/,
  );
  assert.throws(() => loadConfig({ DOCEX_CAPTURE_THREADS: 'two' }), ConfigError);
  assert.equal(loadConfig({ DOCEX_CAPTURE_NICE: '0' }).capture.nice, 0);
  // a capture thread may only be made nicer than the service, never greedier
  assert.throws(
    () => loadConfig({ DOCEX_CAPTURE_NICE: '-5' }),
    /DOCEX_CAPTURE_NICE must be an integer between 0 and 19/,
  );
});
