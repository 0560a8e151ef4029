// The parse thread (worker_threads): everything docex reads of a received message or file runs
// here, never on the thread serving requests (issue 47: one anonymous email's 20 MB folded header
// froze every tenant for 193 s in mailauth; a flate bomb in an embedded factur-x.xml for 10 s).
// The main thread's side, with the queue and the time limit, is parse-pool.ts.

import { type JobAnswer, serveJobs } from '../../lib/thread-jobs.ts';
import type { CapturablePart } from '../capture/store.ts';
import type { SenderCheck, SenderResults } from './check-sender.ts';
import { checkSender } from './check-sender.ts';
import type { DsnOutcome } from './read-dsn.ts';
import { readDsn } from './read-dsn.ts';
import type { ReceivedHeaders } from './read-headers.ts';
import { readHeaders } from './read-headers.ts';
import type { FoundEInvoice } from './read-message.ts';
import { readInboundMessage, readUploadedFile } from './read-message.ts';

export type ParseJob =
  | { kind: 'headers'; head: Uint8Array }
  | { kind: 'sender'; check: SenderCheck }
  | { kind: 'message'; raw: Uint8Array }
  | { kind: 'upload'; raw: Uint8Array; filename: string | null }
  | { kind: 'dsn'; raw: Uint8Array };

/** A read as it crosses from the thread: its Buffers arrive as Uint8Arrays. */
export type WireRead = {
  found: (Omit<FoundEInvoice, 'bytes'> & { bytes: Uint8Array })[];
  capturable: CapturablePart[];
  reasons: string[];
};

export interface ParseResults {
  headers: ReceivedHeaders;
  sender: SenderResults;
  message: WireRead;
  upload: WireRead;
  dsn: DsnOutcome | null;
}

const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

async function handle(job: ParseJob): Promise<JobAnswer<ParseResults[ParseJob['kind']]>> {
  switch (job.kind) {
    case 'headers':
      return { result: await readHeaders(asBuffer(job.head)) };
    case 'sender':
      return { result: await checkSender(job.check) };
    case 'message':
      return { result: await readInboundMessage(asBuffer(job.raw)) };
    case 'upload':
      return { result: await readUploadedFile(asBuffer(job.raw), job.filename) };
    case 'dsn':
      return { result: readDsn(asBuffer(job.raw)) };
  }
}

const WARM_UP = Buffer.from(
  'From: a@warm.test\r\nTo: b@warm.test\r\nSubject: warm\r\nMessage-ID: <w@warm.test>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain\r\n\r\n<Invoice/>\r\n',
);

/** Loads mailparser, mailauth's parser, pdf-lib and the XML reader before the first job. */
async function warmUp(): Promise<void> {
  const h: ReceivedHeaders = await readHeaders(WARM_UP);
  if (h.subject !== 'warm') throw new Error('the parse thread could not read its warm-up message');
  await readInboundMessage(WARM_UP);
  await readUploadedFile(Buffer.from('%PDF-1.7\n%%EOF\n'), 'warm.pdf');
  await import('mailauth');
}

await serveJobs('src/modules/inbound/parse-worker.ts', handle, warmUp);
