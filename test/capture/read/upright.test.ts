// test-database: none (it uses no database; scripts/run-tests.mjs)
// A scan fed upside down or lying on its side is read upright (src/modules/capture/read/upright.ts):
// real OCR on two turned scans (a JPEG upside down, an image-only PDF on its side), the review
// page's image turned as it was read, and the bound on the reads a file may spend looking for a
// turn (a scripted reader: what is counted is the calls, not what OCR makes of an image).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { loadConfig } from '../../../src/config.ts';
import type { PageWord, Turn } from '../../../src/lib/capture-shapes.ts';
import { closeCapturePool } from '../../../src/modules/capture/capture-pool.ts';
import type { Thresholding } from '../../../src/modules/capture/read/ocr-engine.ts';
import { readUpright, turnState } from '../../../src/modules/capture/read/upright.ts';
import { readCaptureFile, renderCapturePage } from '../../../src/modules/capture/read-file.ts';

const SCANS = new URL('../../fixtures/capture/scans/', import.meta.url);
const scan = (name: string) => new Uint8Array(readFileSync(new URL(name, SCANS)));

// two minutes a page, as read-file.test.ts gives them: a busy CI machine reads slowly
const config = loadConfig({
  NODE_ENV: 'test',
  DOCEX_CAPTURE_PAGE_TIMEOUT_MS: '120000',
  DOCEX_CAPTURE_TIMEOUT_MS: '600000',
});
after(() => closeCapturePool(config));

function word(words: PageWord[], text: string): PageWord {
  const w = words.find((x) => x.text === text);
  assert.ok(w, `"${text}" among ${words.map((x) => x.text).join(' ')}`);
  return w;
}

function centre(w: PageWord): [number, number] {
  return [(w.bbox[0] + w.bbox[2]) / 2, (w.bbox[1] + w.bbox[3]) / 2];
}

/** Mean absolute difference of two images' grey levels, 0..255, after bringing them to one size. */
async function difference(a: Uint8Array, b: Uint8Array): Promise<number> {
  const meta = await sharp(a).metadata();
  const grey = (img: Uint8Array) =>
    sharp(img).grayscale().resize(meta.width, meta.height, { fit: 'fill' }).raw().toBuffer();
  const [x, y] = await Promise.all([grey(a), grey(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs((x[i] ?? 0) - (y[i] ?? 0));
  return sum / x.length;
}

describe('a scan upside down or on its side', () => {
  test('a JPEG fed upside down is read turned 180°: its words where they stand on the upright page, its image drawn upright', async () => {
    const upright = scan('invoice-200dpi.jpg');
    const upsideDown = new Uint8Array(await sharp(upright).rotate(180).jpeg({ quality: 90 }).toBuffer());
    const file = { bytes: upsideDown, filename: 'scan.jpg', contentType: 'image/jpeg' };
    const read = await readCaptureFile(config, file);
    const page = read.pages[0];
    assert.ok(page);
    assert.equal(page.turned, 180);
    assert.deepEqual([page.width, page.height], [1714, 2380]);
    // the seller's VAT id where read-file.test.ts finds it on the upright scan (347, 630)
    const [x, y] = centre(word(page.words, 'DE123456789'));
    assert.ok(Math.hypot(x - 347, y - 630) <= 15, `DE123456789 centred at ${x},${y}`);
    word(page.words, 'RE-2026-0815');
    word(page.words, '1195.79');
    // the review page's image is the upright page, so the boxes land on their words
    const drawn = await renderCapturePage(config, file, 1, page.turned);
    const reference = await renderCapturePage(config, { ...file, bytes: upright }, 1);
    const same = await difference(drawn, reference);
    const asGiven = await difference(await renderCapturePage(config, file, 1), reference);
    assert.ok(same < 8 && asGiven > 3 * same, `turned ${same.toFixed(1)}, as given ${asGiven.toFixed(1)}`);
  });

  test('an image-only PDF scanned on its side is read turned a quarter: a portrait page in points', async () => {
    // the scan's JPEG lying on its side (turned 90° clockwise), on a landscape A4 page of a PDF
    const sideways = await sharp(scan('invoice-200dpi.jpg')).rotate(90).jpeg({ quality: 85 }).toBuffer();
    const doc = await PDFDocument.create();
    const image = await doc.embedJpg(sideways);
    doc.addPage([841.89, 595.28]).drawImage(image, { x: 0, y: 0, width: 841.89, height: 595.28 });
    const read = await readCaptureFile(config, {
      bytes: await doc.save(),
      filename: 'scan.pdf',
      contentType: 'application/pdf',
    });
    const page = read.pages[0];
    assert.ok(page);
    assert.equal(page.method, 'ocr');
    assert.equal(page.turned, 270);
    assert.deepEqual([page.width, page.height], [595.28, 841.89]);
    // 347, 630 on the 1714 x 2380 scan, in points on the portrait page
    const [x, y] = centre(word(page.words, 'DE123456789'));
    const [ex, ey] = [(347 * 595.28) / 1714, (630 * 841.89) / 2380];
    assert.ok(Math.hypot(x - ex, y - ey) <= 10, `DE123456789 centred at ${x},${y}, expected ${ex},${ey}`);
    word(page.words, 'RE-2026-0815');
  });
});

describe('the reads a file spends on turns', () => {
  // The scripted reader tells the turn from the PNG it is handed: readUpright hands it the image as
  // given or turned by images.ts's turnPng, so where its one dark pixel landed says which.
  async function png(width: number, height: number): Promise<Uint8Array> {
    // one dark pixel top left: where it lands after a turn says which turn
    const pixels = Buffer.alloc(width * height, 255);
    pixels[0] = 0;
    return new Uint8Array(
      await sharp(pixels, { raw: { width, height, channels: 1 } })
        .png()
        .toBuffer(),
    );
  }
  async function turnOf(img: Uint8Array): Promise<Turn> {
    const { data, info } = await sharp(img).raw().toBuffer({ resolveWithObject: true });
    const dark = data.indexOf(0) / info.channels;
    const [x, y] = [dark % info.width, Math.floor(dark / info.width)];
    if (x === 0 && y === 0) return 0;
    if (x === info.width - 1 && y === 0) return 90;
    if (x === info.width - 1 && y === info.height - 1) return 180;
    return 270;
  }

  async function run(pages: Array<Turn | null>) {
    const state = turnState();
    const calls: Turn[][] = [];
    const out: Array<Turn | null> = [];
    const image = await png(30, 20);
    for (const goodTurn of pages) {
      const mine: Turn[] = [];
      calls.push(mine);
      const got = await readUpright(image, { width: 30, height: 20 }, state, async (turned) => {
        const turn = await turnOf(turned);
        mine.push(turn);
        const words: PageWord[] = Array.from({ length: 60 }, (_, i) =>
          goodTurn === turn
            ? { text: `Rechnung${i}`, bbox: [i, 0, i + 60, 12], confidence: 0.93 }
            : { text: `~${i}`, bbox: [i, 0, i + 20, 10], confidence: 0.4 },
        );
        return words;
      });
      out.push(got?.turn ?? null);
    }
    return { calls, out };
  }

  test('upright pages are read once', async () => {
    const { calls, out } = await run([0, 0, 0]);
    assert.deepEqual(calls, [[0], [0], [0]]);
    assert.deepEqual(out, [0, 0, 0]);
  });

  test('a batch fed upside down: the first page finds the turn, the next are read at it first', async () => {
    const { calls, out } = await run([180, 180, 180]);
    assert.deepEqual(calls, [[0, 180], [180], [180]]);
    assert.deepEqual(out, [180, 180, 180]);
  });

  test('a file of pages no turn reads: three reads more in all, not three a page', async () => {
    const { calls, out } = await run([null, null, null, null]);
    assert.deepEqual(calls, [[0, 180, 90, 270], [0], [0], [0]]);
    // read as given: a poor read is kept, never swapped for another poor one
    assert.deepEqual(out, [0, 0, 0, 0]);
  });

  test("reads that find a page's turn cost nothing of the budget: later pages turned otherwise are still found", async () => {
    const { calls, out } = await run([90, 90, 0, 270]);
    // each search turns from the last page's turn: half a turn first, then a quarter each way
    assert.deepEqual(calls, [[0, 180, 90], [90], [90, 270, 180, 0], [0, 180, 90, 270]]);
    assert.deepEqual(out, [90, 90, 0, 270]);
  });
});

describe("a page Sauvola's threshold reads next to nothing of", () => {
  // A phone's photo of thin monospaced print, dimmed and blurred (a probe of held-out invoices,
  // 1.19.18): Sauvola broke every stroke and the native tesseract read no word; Otsu read 137.
  // The scripted reader answers by the threshold it is asked for.
  const image = new Uint8Array(
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGP4DwABAQEAG7buVgAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
  const good = (n: number): PageWord[] =>
    Array.from({ length: n }, (_, i) => ({
      text: `Factura${i}`,
      bbox: [i, 0, i + 60, 12],
      confidence: 0.92,
    }));

  async function readWith(answers: Record<Thresholding, PageWord[]>, triesLeft = 3) {
    const state = { ...turnState(), triesLeft };
    const asked: Thresholding[] = [];
    const got = await readUpright(
      image,
      { width: 1, height: 1 },
      state,
      async (_png, _size, thresholding) => {
        asked.push(thresholding);
        return answers[thresholding];
      },
    );
    return { asked, words: got?.words.length, triesLeft: state.triesLeft };
  }

  test("is read again with Otsu's, and that read kept when it reads clearly more", async () => {
    assert.deepEqual(await readWith({ sauvola: [], otsu: good(137) }), {
      asked: ['sauvola', 'otsu'],
      words: 137,
      triesLeft: 3,
    });
  });

  test('a blank page stays as Sauvola read it, and its second read spends one of the tries', async () => {
    assert.deepEqual(await readWith({ sauvola: good(2), otsu: good(3) }), {
      asked: ['sauvola', 'otsu'],
      words: 2,
      triesLeft: 2,
    });
    // no tries left: read once
    assert.deepEqual(await readWith({ sauvola: [], otsu: good(137) }, 0), {
      asked: ['sauvola'],
      words: 0,
      triesLeft: 0,
    });
  });

  test('a page Sauvola reads is read once', async () => {
    assert.deepEqual(await readWith({ sauvola: good(60), otsu: good(137) }), {
      asked: ['sauvola'],
      words: 60,
      triesLeft: 3,
    });
  });
});
