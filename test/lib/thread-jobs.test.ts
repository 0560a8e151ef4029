// test-database: none
// How a pool thread posts its answers (src/lib/thread-jobs.ts): a buffer that cannot be handed
// over is copied, and an answer that cannot be posted fails its own job, never the thread.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import sharp from 'sharp';
import { post } from '../../src/lib/thread-jobs.ts';
import type { ThreadReply } from '../../src/lib/thread-pool.ts';

function received(port: MessagePort): Promise<ThreadReply<unknown>> {
  return new Promise((resolve) => port.once('message', resolve));
}

async function through(reply: ThreadReply<unknown>, transfer: ArrayBuffer[]) {
  const { port1, port2 } = new MessageChannel();
  try {
    const got = received(port2);
    post(port1, reply, transfer);
    return await got;
  } finally {
    port1.close();
    port2.close();
  }
}

test('a transfer list the runtime refuses: the answer arrives as a copy', async () => {
  const bytes = new Uint8Array([1, 2, 3, 4]);
  // The same buffer twice is refused by every Node version (DataCloneError), as Node 24 refuses a
  // native addon's buffer: the case this fallback exists for.
  const got = await through({ id: 7, ok: true, result: bytes }, [bytes.buffer, bytes.buffer]);
  assert.deepEqual(got, { id: 7, ok: true, result: new Uint8Array([1, 2, 3, 4]) });
});

test("sharp's output, the buffer Node 24 will not transfer, reaches the other side whole", async () => {
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  const own = new Uint8Array(png);
  const view = png.byteOffset === 0 && png.byteLength === png.buffer.byteLength ? png : own;
  const got = await through({ id: 1, ok: true, result: view }, [view.buffer as ArrayBuffer]);
  assert.ok('ok' in got && got.ok);
  assert.deepEqual(Buffer.from(got.result as Uint8Array), Buffer.from(own));
});

test('an answer that cannot be posted at all fails its own job with the reason', async () => {
  const got = await through({ id: 3, ok: true, result: { call: () => 1 } }, [new ArrayBuffer(8)]);
  assert.ok('ok' in got && !got.ok, JSON.stringify(got));
  assert.equal(got.id, 3);
  assert.match(got.error.message, /could not be cloned/);
});
