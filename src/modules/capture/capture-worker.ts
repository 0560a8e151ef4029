// The capture thread (worker_threads): reads captured files (read/read-pages.ts), extracts their
// fields (extract/) and draws their pages for review, one job at a time, so a 20-page scan never
// holds the event loop that answers the SMTP listener and every other request. The main thread's
// side, with the queue and the time limit, is capture-pool.ts.
import { stat } from 'node:fs/promises';
import { workerData } from 'node:worker_threads';
import type { CaptureReceiver, Extraction, LearnedLayout, ReadFile, Turn } from '../../lib/capture-shapes.ts';
import { type JobAnswer, ownBuffer, serveJobs } from '../../lib/thread-jobs.ts';
import { lowerThreadPriority, lowerThreadsNamed } from '../../lib/thread-priority.ts';
import { extractFields } from './extract/index.ts';
import { LIBVIPS_THREADS, startSharpThreads } from './read/images.ts';
import { setNativeHost } from './read/ocr-native.ts';
import { readPdfTextPages } from './read/pdf-text.ts';
import { type CaptureKind, type ReadSettings, readPages, renderPage } from './read/read-pages.ts';

export type CaptureJob =
  | { kind: 'read'; file: CaptureKind; bytes: Uint8Array; settings: ReadSettings }
  | { kind: 'render'; file: CaptureKind; bytes: Uint8Array; n: number; turn: Turn }
  | { kind: 'extract'; file: ReadFile; receiver: CaptureReceiver; layout: LearnedLayout | null };

export type CaptureResult = ReadFile | Uint8Array | Extraction;

/** What capture-pool.ts gives each capture thread at its start. */
export interface CaptureThreadData {
  /** DOCEX_CAPTURE_NICE: steps below the service's CPU priority. */
  nice: number;
  /** The pool's folder for a native OCR engine's unpacked language data (read/ocr-native.ts). */
  ocrData: string;
  /** Where this thread keeps its running native OCR process's pid (read/ocr-native.ts). */
  ocrChild: Int32Array;
}

/** The smallest PDF with one line of text: read once before the thread says it is ready. */
const WARM_UP_PDF = `%PDF-1.4
1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj
2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj
3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>> endobj
4 0 obj <</Length 44>> stream
BT /F1 12 Tf 10 50 Td (Warm-up invoice 1) Tj ET
endstream endobj
5 0 obj <</Type/Font/Subtype/Type1/BaseFont/Helvetica>> endobj
trailer <</Root 1 0 R>>
%%EOF
`;

/**
 * Loads pdf.js and sharp and reads a small PDF before the first job, so the pool's time limit
 * measures a file's own reading. The OCR engine starts at the first page that needs it: loading
 * its six languages costs seconds a deployment reading only born-digital PDFs never pays.
 */
async function warmUp(): Promise<void> {
  // libuv's threads (files, sharp's work, crypto) are the process's, made by the first thread
  // that needs one and at its priority: made now, if not yet, so that lowering this thread's
  // priority never lowers theirs, which the thread serving requests shares.
  await stat(import.meta.filename);
  // This thread and those it starts from now on (the OCR engine's thread or process) yield the CPU
  // to the thread serving requests and the SMTP listener (src/lib/thread-priority.ts); libvips's
  // workers, which it does not start, are lowered to the same (lowerLibvips).
  const data = workerData as CaptureThreadData | undefined;
  setNativeHost(data ? { dataDir: data.ocrData, child: data.ocrChild } : null);
  const priority = lowerThreadPriority(data?.nice ?? 0);
  if (priority.refused) {
    process.emitWarning(
      `The capture thread runs at the service's CPU priority (DOCEX_CAPTURE_NICE not applied): ${priority.reason}`,
    );
  }
  threadNice = priority.nice;
  await startSharpThreads();
  lowerLibvips();
  await readPdfTextPages(new TextEncoder().encode(WARM_UP_PDF), 1);
}

/** This capture thread's nice value once lowered; null when it kept the service's. */
let threadNice: number | null = null;

/**
 * sharp's work runs on libvips's worker threads, which libvips starts from libuv's shared threads
 * at the service's priority, not this thread's: decoding and turning a scan there took 1.5 s of
 * the service's priority in the latency bench's 6 scans (bench/RESULTS.md, 1.19.15), competing
 * with the thread serving requests. They are lowered to this thread's priority once they exist
 * and after each job (one a job started is at the service's priority until then). Only capture
 * uses sharp, so no other work runs on them.
 */
function lowerLibvips(): void {
  if (threadNice !== null) lowerThreadsNamed(LIBVIPS_THREADS, threadNice);
}

async function work(job: CaptureJob): Promise<JobAnswer<CaptureResult>> {
  if (job.kind === 'read') return { result: await readPages(job.file, job.bytes, job.settings) };
  if (job.kind === 'extract') return { result: extractFields(job.file, job.receiver, job.layout) };
  // Handed over, not copied; a Buffer may be a slice of Node's shared pool, which must not move.
  const png = ownBuffer(await renderPage(job.file, job.bytes, job.n, job.turn));
  return { result: png, transfer: [png.buffer as ArrayBuffer] };
}

async function handle(job: CaptureJob): Promise<JobAnswer<CaptureResult>> {
  try {
    return await work(job);
  } finally {
    lowerLibvips();
  }
}

await serveJobs('src/modules/capture/capture-worker.ts', handle, warmUp);
