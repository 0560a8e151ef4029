// test-database: none (it uses no database; scripts/run-tests.mjs)
// src/modules/capture/read/ocr-engine.ts's ocrLanguagesFor: the languages a scan is read in when
// the receiving organization's language is known (read-pass.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OCR_LANGUAGES, ocrLanguagesFor } from '../../../src/modules/capture/read/ocr-engine.ts';

test('a language docex has a model for: it, then English; English, another or none: all six, English first', () => {
  assert.deepEqual(ocrLanguagesFor('fr'), ['fra', 'eng']);
  assert.deepEqual(ocrLanguagesFor('de'), ['deu', 'eng']);
  assert.deepEqual(ocrLanguagesFor('nl'), ['nld', 'eng']);
  assert.deepEqual(ocrLanguagesFor('es'), ['spa', 'eng']);
  assert.deepEqual(ocrLanguagesFor('it'), ['ita', 'eng']);
  // English alone reads "Müller" as "Miller"; the six cost what English does on an English page
  assert.deepEqual(ocrLanguagesFor('en'), OCR_LANGUAGES);
  assert.deepEqual(ocrLanguagesFor('pl'), OCR_LANGUAGES);
  assert.deepEqual(ocrLanguagesFor(null), OCR_LANGUAGES);
  assert.deepEqual([...OCR_LANGUAGES], ['eng', 'deu', 'fra', 'nld', 'spa', 'ita']);
});
