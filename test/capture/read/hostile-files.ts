// Hostile files for capture's reader, made in memory (a few kB to a few hundred kB each): what a
// sender may put in an email to stall or crash a service that reads attachments.
import { deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG bomb: a header of `side` x `side` 8-bit RGBA pixels (at 60,000: 14 GB decoded) over a
 * deflate stream of zero rows a few hundred kB long (each row a filter byte and zeros), which a
 * decoder that trusted the header would inflate without end.
 */
export function pngBomb(side: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  // 16 MB of zero rows compress to some 16 kB: a real start of the bomb.
  const idat = deflateSync(Buffer.alloc(16 * 1024 * 1024), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

/** A JPEG whose header says `width` x `height` (a real 64 x 64 JPEG, its frame header rewritten), padded past 10 kB. */
export async function hugeJpeg(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ffffff' } })
    .jpeg({ quality: 90 })
    .toBuffer();
  for (let i = 2; i < jpeg.length - 9; i++) {
    // SOF0 / SOF2: FF C0 or FF C2, length, precision, then height and width.
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      break;
    }
  }
  // A comment segment (FF FE) right after SOI, to be more than a logo's size.
  const comment = Buffer.alloc(12_000, 0x20);
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), comment]);
  segment.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

/** A PDF of `pages` pages, each with a line of text ("Page n of N"). */
export async function manyPagePdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= pages; n++) {
    doc.addPage([200, 100]).drawText(`Invoice page ${n} of ${pages}`, { x: 10, y: 50, size: 10, font });
  }
  return doc.save();
}

/**
 * A one-page PDF whose page dictionary holds an array nested `depth` deep ([[[[...]]]]): a parser
 * that recurses once per level runs out of stack.
 */
export function deeplyNestedPdf(depth: number): Uint8Array {
  const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    `<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>/Nest ${nested}>>`,
    '<</Length 46>>\nstream\nBT /F1 12 Tf 10 50 Td (Deeply nested invoice) Tj ET\nendstream',
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

/** A zip archive (one stored file) of more than 10 kB: a zip named invoice.pdf. */
export function zipArchive(): Buffer {
  const content = Buffer.from('%PDF-1.7 inside a zip, but a zip it is\n'.repeat(400));
  const name = Buffer.from('invoice.pdf');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc32(content), 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc32(content), 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + content.length, 16);
  return Buffer.concat([local, name, content, central, name, end]);
}

/**
 * A little-endian TIFF of `frames` pages, each a blank 8-bit grey `side` x `side` image stored
 * uncompressed: a "document" of many pages that costs nothing to send.
 */
export function manyFrameTiff(frames: number, side: number): Buffer {
  const pixels = side * side;
  const entries = 10;
  const ifdSize = 2 + entries * 12 + 4;
  const frameSize = ifdSize + pixels;
  const out = Buffer.alloc(8 + frames * frameSize);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(8, 4);
  for (let f = 0; f < frames; f++) {
    const ifd = 8 + f * frameSize;
    const data = ifd + ifdSize;
    const tags: [number, number, number, number][] = [
      [256, 3, 1, side], // ImageWidth
      [257, 3, 1, side], // ImageLength
      [258, 3, 1, 8], // BitsPerSample
      [259, 3, 1, 1], // Compression: none
      [262, 3, 1, 1], // Photometric: black is zero
      [273, 4, 1, data], // StripOffsets
      [277, 3, 1, 1], // SamplesPerPixel
      [278, 3, 1, side], // RowsPerStrip
      [279, 4, 1, pixels], // StripByteCounts
      [284, 3, 1, 1], // PlanarConfiguration
    ];
    out.writeUInt16LE(entries, ifd);
    tags.forEach(([tag, type, count, value], i) => {
      const at = ifd + 2 + i * 12;
      out.writeUInt16LE(tag, at);
      out.writeUInt16LE(type, at + 2);
      out.writeUInt32LE(count, at + 4);
      if (type === 3) out.writeUInt16LE(value, at + 8);
      else out.writeUInt32LE(value, at + 8);
    });
    out.writeUInt32LE(f + 1 < frames ? ifd + frameSize : 0, ifd + 2 + entries * 12);
    out.fill(0xff, data, data + pixels);
  }
  return out;
}

/**
 * The longest pause of the main thread's event loop allowed while a file is read. Reading any of
 * these files on the main thread pauses it for seconds (OCR, 400 pages); the bound leaves room for
 * a loaded CI machine's scheduling, which alone measured 250 ms at a load average of 25 on 2 cores.
 */
export const MAX_LOOP_GAP_MS = 500;

/** Samples the main thread's event loop while `work` runs: the longest gap between ticks, RSS growth. */
export async function watched<T>(
  work: () => Promise<T>,
): Promise<{ result: T | Error; maxGapMs: number; rssGrowthMb: number }> {
  const rss0 = process.memoryUsage.rss();
  let peak = rss0;
  let last = performance.now();
  let maxGapMs = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    maxGapMs = Math.max(maxGapMs, now - last);
    last = now;
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  try {
    const result = await work().catch((err: unknown) =>
      err instanceof Error ? err : new Error(String(err)),
    );
    return { result, maxGapMs, rssGrowthMb: (peak - rss0) / 1024 / 1024 };
  } finally {
    clearInterval(tick);
  }
}
