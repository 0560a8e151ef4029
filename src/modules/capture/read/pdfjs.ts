// pdf.js (pdfjs-dist 5, its legacy build for Node) loaded once per thread, configured so a hostile
// file reaches nothing outside the process: no worker of its own (its worker code runs on the
// calling thread, which in docex is already a capture-pool thread), no eval of font programs, no
// system fonts, and the standard fonts, character maps and image decoders read from the installed
// package's own files, never fetched.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { lazyModule } from '../../../lib/lazy-module.ts';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
export type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
export type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

/**
 * Builtins the legacy build's bundled core-js replaces with its own polyfill on Node 20 although
 * the engine's are correct for everything pdf.js and docex do: `JSON.stringify` and `JSON.parse`
 * (forced there only because Node 20 lacks `JSON.rawJSON`, which nothing here uses) and
 * `Array.prototype.push` (a fix for arrays of 2^53 - 1 elements). Replaced, every stringify and
 * push of the thread runs through JavaScript: a 2 MB string took 120-200 ms to stringify instead
 * of 2 ms, a million pushes 43 ms instead of 25 (Node 20.20, measured; Node 24 has them all and
 * core-js leaves them alone). That was every capture thread's cost, and every process's that reads
 * a PDF to test or measure (a bench's probes stalled for 400 ms on their own JSON). Put back after
 * the import; what core-js adds that the engine lacks (Promise.withResolvers, the Set methods,
 * Uint8Array's base64) stays, pdf.js needs it.
 */
const ENGINE_BUILTINS: ReadonlyArray<readonly [object, string]> = [
  [JSON, 'stringify'],
  [JSON, 'parse'],
  [Array.prototype, 'push'],
];

/** Runs `load`, then puts back each engine builtin it replaced. */
async function keepingEngineBuiltins<T>(load: () => Promise<T>): Promise<T> {
  const saved = ENGINE_BUILTINS.map(([owner, name]) => ({
    owner,
    name,
    descriptor: Object.getOwnPropertyDescriptor(owner, name),
  }));
  try {
    return await load();
  } finally {
    for (const { owner, name, descriptor } of saved) {
      if (descriptor !== undefined) Object.defineProperty(owner, name, descriptor);
    }
  }
}

const pdfjs = lazyModule<PdfJs>('pdfjs-dist', () =>
  keepingEngineBuiltins(async () => {
    // The worker's message handler on this thread: pdf.js then runs its "fake worker" here instead
    // of starting a thread or importing a script by URL (it looks for globalThis.pdfjsWorker).
    // @ts-expect-error the worker bundle ships without type declarations; only its side effect is used
    await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  }),
);

/** The installed package's folder, with a trailing slash as pdf.js wants its data folders. */
function packageDir(sub: string): string {
  const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  return `${join(root, sub)}/`;
}

/** The largest image inside a PDF that pdf.js decodes (50 megapixels, as read/images.ts). */
const MAX_PDF_IMAGE_PIXELS = 50_000_000;

let dirs: { fonts: string; cmaps: string; wasm: string } | null = null;

/**
 * Opens a PDF from its bytes (copied: pdf.js takes ownership of the buffer it is given). Rejects
 * as pdf.js does on a file it cannot parse (InvalidPDFException and kin); the caller turns that
 * into words.
 */
export async function openPdf(bytes: Uint8Array): Promise<PdfDocument> {
  const lib = await pdfjs.load();
  dirs ??= { fonts: packageDir('standard_fonts'), cmaps: packageDir('cmaps'), wasm: packageDir('wasm') };
  const task = lib.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    standardFontDataUrl: dirs.fonts,
    cMapUrl: dirs.cmaps,
    cMapPacked: true,
    wasmUrl: dirs.wasm,
    // Nothing from a file's /URI or /Launch is followed; text and pixels are all docex takes.
    enableXfa: false,
    // An image inside a PDF larger than this many pixels is skipped, not decoded: the same bound
    // as an image file's (images.ts), against a 30,000 x 30,000 image in a one-page PDF.
    maxImageSize: MAX_PDF_IMAGE_PIXELS,
    stopAtErrors: false,
    verbosity: 0,
  });
  return task.promise;
}

/** pdf.js's matrix product, for a text item's transform in the page's viewport. */
export function multiply(m1: readonly number[], m2: readonly number[]): number[] {
  const [a1 = 0, b1 = 0, c1 = 0, d1 = 0, e1 = 0, f1 = 0] = m1;
  const [a2 = 0, b2 = 0, c2 = 0, d2 = 0, e2 = 0, f2 = 0] = m2;
  return [
    a1 * a2 + c1 * b2,
    b1 * a2 + d1 * b2,
    a1 * c2 + c1 * d2,
    b1 * c2 + d1 * d2,
    a1 * e2 + c1 * f2 + e1,
    b1 * e2 + d1 * f2 + f1,
  ];
}
