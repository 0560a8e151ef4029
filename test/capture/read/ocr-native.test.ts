// test-database: none (it uses no database; scripts/run-tests.mjs)
// The native OCR engine (src/modules/capture/read/ocr-native.ts, CONTRACT §13 "a faster engine
// found on the machine may be used when present"): which program is used and which is not, its
// words, and its discipline under docex's limits. Programs standing in for tesseract are real
// processes (shell scripts a test writes) that answer as tesseract does or misbehave as a broken
// one would; the real one reads a scan where it is installed (Debian's tesseract-ocr;
// DOCEX_REQUIRE_TESSERACT=1, set by CI, turns its absence into a failure).
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { scanImage, scanPage } from '../../../scripts/make-capture-scans.ts';
import { loadConfig } from '../../../src/config.ts';
import type { ReadFile } from '../../../src/lib/capture-shapes.ts';
import { closeCapturePool } from '../../../src/modules/capture/capture-pool.ts';
import { extractFields } from '../../../src/modules/capture/extract/index.ts';
import { ocrImage } from '../../../src/modules/capture/read/images.ts';
import { ocrEngineInWords, recognize, stopOcrEngine } from '../../../src/modules/capture/read/ocr.ts';
import { OCR_LANGUAGES } from '../../../src/modules/capture/read/ocr-engine.ts';
import {
  nativeEngine,
  nativeProgram,
  nativeVersion,
  wordsOfTsv,
} from '../../../src/modules/capture/read/ocr-native.ts';
import { readCaptureFile } from '../../../src/modules/capture/read-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'docex-ocr-native-test-'));
const configs: ReturnType<typeof loadConfig>[] = [];
after(async () => {
  await Promise.all(configs.map(closeCapturePool));
  await stopOcrEngine();
  rmSync(dir, { recursive: true, force: true });
});

/** A shell script named `tesseract` in a folder of its own, answering --version as tesseract 5.3.0. */
function fakeTesseract(name: string, page: string, version = 'tesseract 5.3.0'): string {
  const folder = join(dir, name);
  const path = join(folder, 'tesseract');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path, `#!/bin/sh\nif [ "$1" = "--version" ]; then echo "${version}"; exit 0; fi\n${page}\n`);
  chmodSync(path, 0o755);
  return path;
}

const TSV_HEADER =
  'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
const SCAN = new URL('../../fixtures/capture/scans/invoice-150dpi.png', import.meta.url);
const png = () => ({
  bytes: new Uint8Array(readFileSync(SCAN)),
  filename: 'scan.png',
  contentType: 'image/png',
});

function configWith(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'test', DOCEX_CAPTURE_PAGE_TIMEOUT_MS: '60000', ...env });
  configs.push(config);
  return config;
}

describe('which program is the native engine', () => {
  test('off is none; a path is itself; auto is `tesseract` on PATH, an absolute folder only', () => {
    const bin = fakeTesseract('on-path', 'exit 0');
    const folder = join(bin, '..');
    assert.equal(nativeProgram('off', folder), null);
    assert.equal(nativeProgram('/opt/x/tesseract', ''), '/opt/x/tesseract');
    assert.equal(nativeProgram('auto', `relative/bin:${folder}`), bin);
    assert.equal(nativeProgram('auto', `${dir}/nowhere:/nonexistent`), null);
    // a relative PATH entry would depend on the folder docex was started in: not looked in
    assert.equal(nativeProgram('auto', 'relative/bin'), null);
  });

  test('a program is used only when it says it is tesseract 5 or later', async () => {
    const v5 = await nativeVersion(fakeTesseract('v5', 'exit 0'));
    assert.deepEqual(v5, { version: '5.3.0' });
    const v4 = await nativeVersion(fakeTesseract('v4', 'exit 0', 'tesseract 4.1.1'));
    assert.match((v4 as { why: string }).why, /is tesseract 4\.1; docex uses 5\.0 or later/);
    const other = await nativeVersion(fakeTesseract('other', 'exit 0', 'ImageMagick 7'));
    assert.match((other as { why: string }).why, /does not say it is tesseract/);
    const failing = await nativeVersion(join(dir, 'missing', 'tesseract'));
    assert.match((failing as { why: string }).why, /--version failed/);
    const none = await nativeEngine('off');
    assert.deepEqual(none, { why: 'DOCEX_OCR_NATIVE is off' });
  });

  test("the operator's log says which engine reads", async () => {
    assert.equal(await ocrEngineInWords('off'), 'tesseract.js, built in (DOCEX_OCR_NATIVE is off)');
    const v5 = fakeTesseract('words', 'exit 0');
    assert.equal(await ocrEngineInWords(v5), `tesseract 5.3.0 at ${v5}`);
    // a program named that is not usable: tesseract.js reads (the same choice as 'off', whose page
    // is read below)
    assert.match(
      await ocrEngineInWords(join(dir, 'missing', 'tesseract')),
      /^tesseract\.js, built in \(.*--version failed/,
    );
    const old = fakeTesseract('words-old', 'exit 0', 'tesseract 4.1.1');
    assert.match(
      await ocrEngineInWords(old),
      /^tesseract\.js, built in \(.* is tesseract 4\.1; docex uses 5\.0 or later\)$/,
    );
  });

  test('a hanging --version is given up after its time limit', async () => {
    const hang = fakeTesseract('hang', 'exit 0');
    writeFileSync(hang, '#!/bin/sh\nwhile :; do sleep 0.1; done\n');
    const t0 = Date.now();
    const got = await nativeVersion(hang, 300);
    assert.match((got as { why: string }).why, /--version failed/);
    assert.ok(Date.now() - t0 < 5000);
  });
});

describe("the native engine's words", () => {
  test('TSV: level-5 rows are words, boxes from left/top/width/height, noise under 30 dropped', () => {
    const tsv = [
      TSV_HEADER,
      '1\t1\t0\t0\t0\t0\t0\t0\t1270\t1774\t-1\t',
      '4\t1\t1\t1\t1\t0\t91\t115\t368\t28\t-1\t',
      '5\t1\t1\t1\t1\t1\t91\t115\t120\t28\t96.5\tRechnung',
      '5\t1\t1\t1\t1\t2\t220\t115\t90\t28\t29.9\t~',
      '5\t1\t1\t1\t1\t3\t320\t115\t60\t28\t91\t  ',
      '5\t1\t1\t1\t1\t4\t400\t116\t59\t27\t88.24\t1.234,56',
      '5\t1\t1\tbroken',
      '',
    ].join('\n');
    assert.deepEqual(wordsOfTsv(tsv), [
      { text: 'Rechnung', bbox: [91, 115, 211, 143], confidence: 0.97 },
      { text: '1.234,56', bbox: [400, 116, 459, 143], confidence: 0.88 },
    ]);
  });

  test("on the capture pool: the page on stdin, at the thread's lower priority, with none of docex's environment, reading docex's own language data", async () => {
    // Answers with words that say how it was run: its nice value, whether it saw DOCEX_OPERATOR_TOKEN,
    // whether the data folder it was given holds the six languages, and the bytes it was given.
    const program = fakeTesseract(
      'reporter',
      [
        'data=""; l=""; while [ $# -gt 0 ]; do [ "$1" = "--tessdata-dir" ] && data="$2"; [ "$1" = "-l" ] && l="$2"; shift; done',
        'langs=0; for lang in eng deu fra nld spa ita; do [ -s "$data/$lang.traineddata" ] && langs=$((langs+1)); done',
        'bytes=$(wc -c | tr -d " ")',
        `printf '${TSV_HEADER}\\n'`,
        'printf "5\\t1\\t1\\t1\\t1\\t1\\t10\\t20\\t30\\t40\\t95\\tnice%s\\n" "$(nice)"',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the shell's ${…}, not a template's
        'printf "5\\t1\\t1\\t1\\t1\\t2\\t50\\t20\\t30\\t40\\t95\\ttoken%s\\n" "${DOCEX_OPERATOR_TOKEN:-none}"',
        'printf "5\\t1\\t1\\t1\\t1\\t3\\t90\\t20\\t30\\t40\\t95\\tlangs%s\\n" "$langs"',
        'printf "5\\t1\\t1\\t1\\t1\\t4\\t130\\t20\\t30\\t40\\t95\\tbytes%s\\n" "$bytes"',
        'printf "5\\t1\\t1\\t1\\t1\\t5\\t170\\t20\\t30\\t40\\t95\\tread-in:%s\\n" "$l"',
      ].join('\n'),
    );
    const before = process.env.DOCEX_OPERATOR_TOKEN;
    process.env.DOCEX_OPERATOR_TOKEN = 'op_secret_of_docex';
    try {
      const read = await readCaptureFile(configWith({ DOCEX_OCR_NATIVE: program }), png());
      const texts = read.pages[0]?.words.map((w) => w.text) ?? [];
      assert.equal(read.method, 'ocr');
      // DOCEX_CAPTURE_NICE's default, 10 steps below this process
      const own = Number(readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ')[16]);
      assert.ok(texts.includes(`nice${Math.min(19, own + 10)}`), texts.join(' '));
      assert.ok(texts.includes('tokennone'), texts.join(' '));
      assert.ok(texts.includes('langs6'), texts.join(' '));
      // the page as docex hands it to OCR: a grayscale PNG, not nothing
      const bytes = Number(texts.find((t) => t.startsWith('bytes'))?.slice(5));
      assert.ok(bytes > 10_000, `${bytes} bytes on stdin`);
      // in the six languages, English first, unless the file's languages are known (read-pass.ts)
      assert.ok(texts.includes('read-in:eng+deu+fra+nld+spa+ita'), texts.join(' '));
      const french = await readCaptureFile(configWith({ DOCEX_OCR_NATIVE: program }), png(), ['fra', 'eng']);
      const frenchTexts = french.pages[0]?.words.map((w) => w.text) ?? [];
      assert.ok(frenchTexts.includes('read-in:fra+eng'), frenchTexts.join(' '));
    } finally {
      if (before === undefined) delete process.env.DOCEX_OPERATOR_TOKEN;
      else process.env.DOCEX_OPERATOR_TOKEN = before;
    }
  });

  test('a program that fails refuses the file with what it said; one that hangs is stopped at the page limit', async () => {
    const failing = fakeTesseract(
      'failing',
      'cat >/dev/null; echo "Error in pixReadMem: Unknown format" >&2; exit 1',
    );
    await assert.rejects(
      readCaptureFile(configWith({ DOCEX_OCR_NATIVE: failing }), png()),
      /exited with 1: Error in pixReadMem: Unknown format/,
    );
    const pidFile = join(dir, 'hanging.pid');
    const hanging = fakeTesseract('hanging', `echo $$ > ${pidFile}; while :; do sleep 0.1; done`);
    const t0 = Date.now();
    const read = await readCaptureFile(
      configWith({ DOCEX_OCR_NATIVE: hanging, DOCEX_CAPTURE_PAGE_TIMEOUT_MS: '500' }),
      png(),
    );
    assert.ok(Date.now() - t0 < 20_000);
    assert.deepEqual(read.pages[0]?.words, []);
    assert.match(read.notes.join(' '), /Page 1 took longer than 0\.5 seconds to read by OCR and was stopped/);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await waitGone(pid);
  });

  test("a file over its time limit ends its thread, and the thread's tesseract with it", async () => {
    const pidFile = join(dir, 'orphan.pid');
    const hanging = fakeTesseract('orphan', `echo $$ > ${pidFile}; while :; do sleep 0.1; done`);
    await assert.rejects(
      readCaptureFile(
        configWith({
          DOCEX_OCR_NATIVE: hanging,
          DOCEX_CAPTURE_PAGE_TIMEOUT_MS: '600000',
          // long enough for a new capture thread to start and reach tesseract on a loaded machine:
          // with 3 s, one full suite run beside other work ended the file before the thread had
          // started the program, and there was no process to check
          DOCEX_CAPTURE_TIMEOUT_MS: '6000',
        }),
        png(),
      ),
      (err: Error) => /took longer than 6 seconds/.test(err.message),
    );
    const pid = Number(readFileSync(pidFile, 'utf8'));
    // Node leaves a thread's child running when the thread ends: the pool kills it.
    await waitGone(pid);
  });
});

/** Waits up to 5 s for a process to be gone (or a zombie no one waits for). */
async function waitGone(pid: number): Promise<void> {
  for (let i = 0; i < 50; i++) {
    let state = '';
    try {
      state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] ?? '';
    } catch {
      return;
    }
    if (state === 'Z') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`process ${pid} still running`);
}

describe('tesseract.js when there is no native engine to use', () => {
  const fake = () =>
    fakeTesseract(
      'on-path-reader',
      `cat >/dev/null; printf '${TSV_HEADER}\\n'; printf "5\\t1\\t1\\t1\\t1\\t1\\t1\\t1\\t9\\t9\\t99\\tfake\\n"`,
    );
  const wordsOf = async (env: Record<string, string>) =>
    (await readCaptureFile(configWith(env), png())).pages[0]?.words.map((w) => w.text) ?? [];

  test('auto takes the tesseract on PATH; off reads by tesseract.js on the pool all the same', async () => {
    const before = process.env.PATH;
    // a capture thread started from now on sees this PATH (each configuration here has its own pool)
    process.env.PATH = `${join(fake(), '..')}:${before ?? ''}`;
    try {
      assert.deepEqual(await wordsOf({ DOCEX_OCR_NATIVE: 'auto' }), ['fake']);
      const off = await wordsOf({ DOCEX_OCR_NATIVE: 'off' });
      assert.ok(!off.includes('fake') && off.length > 50, off.join(' '));
    } finally {
      process.env.PATH = before;
    }
  });
});

// A tesseract 4 (Ubuntu 20.04's) on PATH is not used: the real program's test is for a usable one.
const realProgram = nativeProgram('auto');
const usable = realProgram !== null && 'version' in (await nativeVersion(realProgram));

/** The bench's scan of a German invoice, as OCR is handed it (made once for the tests below). */
let ztest: Promise<Awaited<ReturnType<typeof ocrImage>>> | null = null;
function ztestScan() {
  ztest ??= (async () => {
    const page = await scanPage(
      new Uint8Array(
        readFileSync(
          new URL(
            '../../fixtures/capture/mustangproject/ZTESTZUGFERD_1_INVDSS_012015738820PDF-1.pdf',
            import.meta.url,
          ),
        ),
      ),
      { dpi: 300, degrees: -1.8, specks: 50, grain: 20, seed: 5171 },
      1,
    );
    return ocrImage(new Uint8Array(await scanImage(page, 300).png().toBuffer()), 0);
  })();
  return ztest;
}

describe('the real tesseract, where installed', () => {
  const required = process.env.DOCEX_REQUIRE_TESSERACT === '1';
  const skip =
    !usable && !required
      ? 'no tesseract 5+ on PATH (apt-get install tesseract-ocr); set DOCEX_REQUIRE_TESSERACT=1 to fail instead'
      : false;
  test("reads the bench's scan as tesseract.js does: the totals block, the number, the umlauts", {
    skip,
  }, async () => {
    assert.ok(usable, 'no tesseract 5+ on PATH (Debian package tesseract-ocr) and DOCEX_REQUIRE_TESSERACT=1');
    const img = await ztestScan();
    // in the six, as tesseract.js reads every page (read in German and English this page's
    // totals heading is lost: docs/capture.md "Languages known before reading")
    const { words, angle } = await recognize(img.png, img, img.dpi, 'auto', OCR_LANGUAGES);
    assert.equal(angle, 0, 'the boxes are on the page as scanned, its skew left to extraction');
    const texts = words.map((w) => w.text);
    for (const want of ['Gesamtbeträge', '447,88', '71,51', '2015738820'])
      assert.ok(texts.includes(want), `${want} is not among the words read: ${texts.join(' ')}`);
  });

  // CONTRACT §13 reads the six languages whoever receives them: a German invoice received by a
  // French organization is read in French and English (read-pass.ts), and still gives its fields.
  test('a German scan read in French and English, as a French organization reads it, keeps its number, date and total', {
    skip,
  }, async () => {
    assert.ok(usable, 'no tesseract 5+ on PATH (Debian package tesseract-ocr) and DOCEX_REQUIRE_TESSERACT=1');
    const img = await ztestScan();
    const { words } = await recognize(img.png, img, img.dpi, 'auto', ['fra', 'eng']);
    const file: ReadFile = {
      method: 'ocr',
      pages: [{ n: 1, width: img.width, height: img.height, method: 'ocr', words }],
      pageCount: 1,
      truncated: false,
      notes: [],
    };
    const { fields } = extractFields(
      file,
      {
        name: 'Acheteur SARL',
        vat_id: 'FR40303265045',
        legal_registration_id: null,
        country_code: 'FR',
      },
      null,
    );
    assert.equal(fields.number?.value, '2015738820');
    assert.equal(fields.issue_date?.value, '2024-11-01');
    assert.equal(fields.total?.value, '447.88');
  });
});
