// From, Subject and Message-ID of a received message, for the list. Runs on a parse thread
// (parse-worker.ts), never on the thread serving requests: mailparser is outside input's parser.
import { oneLine } from '../../lib/text.ts';

/** The header block read for the list's `from` and `subject` (a longer one is not read). */
const MAX_HEADER_BYTES = 256 * 1024;

export interface ReceivedHeaders {
  from: string | null;
  subject: string | null;
  messageId: string | null;
}

/**
 * From, Subject and Message-ID of a raw message, read from its header block alone (bounded), for
 * the list (oneLine: no control characters reach it, a header may carry anything after decoding);
 * the worker parses the whole message. Unreadable headers give nulls, never an error.
 */
export async function readHeaders(raw: Buffer): Promise<ReceivedHeaders> {
  let end = raw.indexOf('\r\n\r\n');
  if (end < 0) end = raw.indexOf('\n\n');
  const block = raw.subarray(
    0,
    end < 0 ? Math.min(raw.length, MAX_HEADER_BYTES) : Math.min(end, MAX_HEADER_BYTES),
  );
  try {
    // Loaded here, at the first message, not at start (src/modules/inbound/read-message.ts).
    const { simpleParser } = await import('mailparser');
    const parsed = await simpleParser(Buffer.concat([block, Buffer.from('\r\n\r\n')]), {
      skipHtmlToText: true,
      skipTextToHtml: true,
      skipImageLinks: true,
      skipTextLinks: true,
    });
    const from = parsed.from?.value[0]?.address;
    return {
      from: oneLine(from, 320),
      subject: oneLine(parsed.subject, 998),
      messageId: oneLine(parsed.messageId, 998),
    };
  } catch {
    return { from: null, subject: null, messageId: null };
  }
}
