import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import {
  type DeliveryHeaders,
  generateWebhookSecret,
  signDelivery,
} from '../../src/modules/webhooks/signing.ts';
import {
  type VerifyWebhookOptions,
  verifyWebhook,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from '../../src/verify-webhook.ts';

const NEW_SECRET = generateWebhookSecret();
const OLD_SECRET = generateWebhookSecret();
const T = 1_760_000_000;
const NOW = T * 1000;
const EVENT_ID = 'evt_4Jc8aQ2yZ0rT7uWmPq1xLs';
// Non-ASCII on purpose: the signature covers UTF-8 bytes, not UTF-16 code units.
const BODY = JSON.stringify({
  id: EVENT_ID,
  type: 'document.created',
  api_version: '1.14.0',
  created_at: '2025-10-09T08:53:20.000Z',
  data: { document: { id: 'doc_1', notes: 'Zahlung für März — 10 €' } },
});

function headersFor(secrets: string[], timestamp = T, body = BODY): DeliveryHeaders {
  return signDelivery({ eventId: EVENT_ID, timestamp, body, secrets });
}

function refusal(options: VerifyWebhookOptions, reason: WebhookVerificationReason): void {
  assert.throws(
    () => verifyWebhook(options),
    (err: unknown) => err instanceof WebhookVerificationError && err.reason === reason,
  );
}

function withoutSvc(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (!k.toLowerCase().startsWith('svc-')) out[k] = v;
  return out;
}

describe('generateWebhookSecret', () => {
  test('is whsec_ + base64 of 32 random bytes', () => {
    const secret = generateWebhookSecret();
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.equal(Buffer.from(secret.slice(6), 'base64').length, 32);
    assert.notEqual(secret, generateWebhookSecret());
  });
});

describe('signDelivery', () => {
  test('produces the Svc and Standard Webhooks headers from the spec', () => {
    const h = headersFor([NEW_SECRET]);
    const hex = createHmac('sha256', NEW_SECRET).update(`${T}.${BODY}`).digest('hex');
    const std = createHmac('sha256', Buffer.from(NEW_SECRET.slice(6), 'base64'))
      .update(`${EVENT_ID}.${T}.${BODY}`)
      .digest('base64');
    assert.deepEqual(h, {
      'content-type': 'application/json',
      'Svc-Signature': `t=${T},v1=${hex}`,
      'Svc-Webhook-Id': EVENT_ID,
      'Svc-Webhook-Timestamp': String(T),
      'Svc-Webhook-Signature': `v1=${hex}`,
      'webhook-id': EVENT_ID,
      'webhook-timestamp': String(T),
      'webhook-signature': `v1,${std}`,
    });
  });

  test('signs with every active secret, newest first', () => {
    const both = headersFor([NEW_SECRET, OLD_SECRET]);
    const newOnly = headersFor([NEW_SECRET]);
    const oldOnly = headersFor([OLD_SECRET]);
    assert.equal(both['Svc-Signature'], `${newOnly['Svc-Signature']},${oldOnly['Svc-Webhook-Signature']}`);
    assert.equal(
      both['Svc-Webhook-Signature'],
      `${newOnly['Svc-Webhook-Signature']},${oldOnly['Svc-Webhook-Signature']}`,
    );
    assert.equal(
      both['webhook-signature'],
      `${newOnly['webhook-signature']} ${oldOnly['webhook-signature']}`,
    );
  });

  test('refuses inputs no receiver could verify', () => {
    assert.throws(() => headersFor([]), TypeError);
    assert.throws(() => headersFor(['not-a-whsec-secret']), TypeError);
    assert.throws(() => headersFor([NEW_SECRET], 1.5), TypeError);
    assert.throws(
      () => signDelivery({ eventId: '', timestamp: T, body: BODY, secrets: [NEW_SECRET] }),
      TypeError,
    );
  });
});

describe('verifyWebhook', () => {
  test('round trip: returns the parsed event', () => {
    const event = verifyWebhook({
      rawBody: BODY,
      headers: headersFor([NEW_SECRET]),
      secrets: NEW_SECRET,
      now: NOW,
    });
    assert.deepEqual(event, JSON.parse(BODY));
  });

  test('accepts the body as a Buffer or a Uint8Array as well as a string', () => {
    const headers = headersFor([NEW_SECRET]);
    const buf = Buffer.from(BODY, 'utf8');
    assert.equal(verifyWebhook({ rawBody: buf, headers, secrets: NEW_SECRET, now: NOW }).id, EVENT_ID);
    const u8 = new Uint8Array(buf);
    assert.equal(verifyWebhook({ rawBody: u8, headers, secrets: [NEW_SECRET], now: NOW }).id, EVENT_ID);
    // A view into a larger buffer (how some servers hand out bodies): only the view is signed.
    const padded = Buffer.concat([Buffer.from('xx'), buf, Buffer.from('yy')]);
    const view = padded.subarray(2, 2 + buf.length);
    assert.equal(
      verifyWebhook({ rawBody: view, headers, secrets: NEW_SECRET, now: new Date(NOW) }).id,
      EVENT_ID,
    );
  });

  test('during a rotation either secret verifies, whichever order the receiver lists them', () => {
    const headers = headersFor([NEW_SECRET, OLD_SECRET]);
    for (const secrets of [[NEW_SECRET], [OLD_SECRET], [OLD_SECRET, NEW_SECRET], [NEW_SECRET, OLD_SECRET]]) {
      assert.equal(verifyWebhook({ rawBody: BODY, headers, secrets, now: NOW }).id, EVENT_ID);
    }
  });

  test('the Standard Webhooks headers verify on their own, with either rotation secret', () => {
    const headers = withoutSvc(headersFor([NEW_SECRET, OLD_SECRET]));
    assert.equal(verifyWebhook({ rawBody: BODY, headers, secrets: OLD_SECRET, now: NOW }).id, EVENT_ID);
    assert.equal(verifyWebhook({ rawBody: BODY, headers, secrets: NEW_SECRET, now: NOW }).id, EVENT_ID);
    refusal({ rawBody: `${BODY} `, headers, secrets: NEW_SECRET, now: NOW }, 'no_matching_signature');
  });

  test('looks headers up case-insensitively and takes a single-element array', () => {
    const upper: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(headersFor([NEW_SECRET]))) upper[k.toUpperCase()] = [v];
    assert.equal(
      verifyWebhook({ rawBody: BODY, headers: upper, secrets: NEW_SECRET, now: NOW }).id,
      EVENT_ID,
    );
    const lowerStd: Record<string, string> = {};
    for (const [k, v] of Object.entries(withoutSvc(headersFor([NEW_SECRET])))) lowerStd[k.toUpperCase()] = v;
    assert.equal(
      verifyWebhook({ rawBody: BODY, headers: lowerStd, secrets: NEW_SECRET, now: NOW }).id,
      EVENT_ID,
    );
  });

  test('refuses a tampered body', () => {
    const headers = headersFor([NEW_SECRET]);
    refusal(
      { rawBody: BODY.replace('10 €', '99 €'), headers, secrets: NEW_SECRET, now: NOW },
      'no_matching_signature',
    );
    // Re-serializing the parsed body is a different byte string, so it is refused too.
    const reserialized = JSON.stringify(JSON.parse(BODY), null, 2);
    refusal({ rawBody: reserialized, headers, secrets: NEW_SECRET, now: NOW }, 'no_matching_signature');
  });

  test('refuses a wrong secret', () => {
    refusal(
      { rawBody: BODY, headers: headersFor([NEW_SECRET]), secrets: [OLD_SECRET], now: NOW },
      'no_matching_signature',
    );
  });

  test('accepts 300 s of skew either way and refuses 301 s', () => {
    for (const offset of [-300, 300]) {
      const headers = headersFor([NEW_SECRET], T + offset);
      assert.equal(verifyWebhook({ rawBody: BODY, headers, secrets: NEW_SECRET, now: NOW }).id, EVENT_ID);
    }
    for (const offset of [-301, 301]) {
      const headers = headersFor([NEW_SECRET], T + offset);
      refusal({ rawBody: BODY, headers, secrets: NEW_SECRET, now: NOW }, 'timestamp_out_of_tolerance');
      refusal(
        { rawBody: BODY, headers: withoutSvc(headers), secrets: NEW_SECRET, now: NOW },
        'timestamp_out_of_tolerance',
      );
    }
    const late = headersFor([NEW_SECRET], T - 301);
    assert.equal(
      verifyWebhook({ rawBody: BODY, headers: late, secrets: NEW_SECRET, now: NOW, toleranceSeconds: 600 })
        .id,
      EVENT_ID,
    );
  });

  test('checks the replay window before touching any secret, so no HMAC is computed', () => {
    // Every HMAC needs a key; this secret list throws on any read, so reaching the keyed part
    // of the verification is visible. A fresh timestamp proves the trap does fire.
    const trap = new Proxy<string[]>([], {
      get() {
        throw new Error('secrets were read');
      },
    });
    const stale = headersFor([NEW_SECRET], T - 301);
    refusal({ rawBody: BODY, headers: stale, secrets: trap, now: NOW }, 'timestamp_out_of_tolerance');
    refusal(
      { rawBody: BODY, headers: withoutSvc(stale), secrets: trap, now: NOW },
      'timestamp_out_of_tolerance',
    );
    assert.throws(
      () => verifyWebhook({ rawBody: BODY, headers: headersFor([NEW_SECRET]), secrets: trap, now: NOW }),
      /secrets were read/,
    );
  });

  test('uses the real clock when now is omitted', () => {
    const headers = headersFor([NEW_SECRET], Math.floor(Date.now() / 1000));
    assert.equal(verifyWebhook({ rawBody: BODY, headers, secrets: NEW_SECRET }).id, EVENT_ID);
    refusal(
      { rawBody: BODY, headers: headersFor([NEW_SECRET]), secrets: NEW_SECRET },
      'timestamp_out_of_tolerance',
    );
  });

  test('refuses missing and malformed headers', () => {
    const good = headersFor([NEW_SECRET]);
    const hex = good['Svc-Webhook-Signature'].slice(3);
    const base = { rawBody: BODY, secrets: NEW_SECRET, now: NOW };
    refusal({ ...base, headers: {} }, 'missing_header');
    const { 'webhook-id': _id, ...noId } = withoutSvc(good);
    refusal({ ...base, headers: noId }, 'missing_header');
    refusal({ ...base, headers: { 'svc-signature': `v1=${hex}` } }, 'malformed_header');
    refusal({ ...base, headers: { 'svc-signature': `t=${T}` } }, 'malformed_header');
    refusal({ ...base, headers: { 'svc-signature': `t=${T},t=${T},v1=${hex}` } }, 'malformed_header');
    refusal({ ...base, headers: { 'svc-signature': `t=soon,v1=${hex}` } }, 'malformed_header');
    refusal({ ...base, headers: { 'svc-signature': `t=${T},v1=abc` } }, 'malformed_header');
    refusal(
      { ...base, headers: { 'svc-signature': [good['Svc-Signature'], good['Svc-Signature']] } },
      'malformed_header',
    );
    refusal(
      { ...base, headers: { ...withoutSvc(good), 'webhook-signature': 'v1,c2hvcnQ=' } },
      'malformed_header',
    );
    refusal(
      { ...base, headers: { ...withoutSvc(good), 'webhook-signature': 'v1a,xyz' } },
      'malformed_header',
    );
  });

  test('skips unknown schemes in Svc-Signature, as Stripe does', () => {
    const good = headersFor([NEW_SECRET]);
    const headers = { 'Svc-Signature': `${good['Svc-Signature']},v0=${'0'.repeat(64)}` };
    assert.equal(verifyWebhook({ rawBody: BODY, headers, secrets: NEW_SECRET, now: NOW }).id, EVENT_ID);
  });

  test('refuses a correctly signed body that is not a JSON object', () => {
    for (const body of ['not json', '[1,2]', 'null']) {
      refusal(
        { rawBody: body, headers: headersFor([NEW_SECRET], T, body), secrets: NEW_SECRET, now: NOW },
        'invalid_json',
      );
    }
    const invalidUtf8 = Buffer.from([0x7b, 0xff, 0x7d]);
    const headers = {
      'Svc-Signature': `t=${T},v1=${createHmac('sha256', NEW_SECRET).update(`${T}.`).update(invalidUtf8).digest('hex')}`,
    };
    refusal({ rawBody: invalidUtf8, headers, secrets: NEW_SECRET, now: NOW }, 'invalid_json');
  });

  test('tells a caller who passes parsed JSON what to pass instead', () => {
    const rawBody = JSON.parse(BODY) as unknown as string;
    assert.throws(
      () => verifyWebhook({ rawBody, headers: headersFor([NEW_SECRET]), secrets: NEW_SECRET, now: NOW }),
      /raw request body/,
    );
  });
});

describe('interoperability', () => {
  test("the stripe package's constructEvent accepts Svc-Signature", () => {
    const t = Math.floor(Date.now() / 1000);
    const headers = signDelivery({
      eventId: EVENT_ID,
      timestamp: t,
      body: BODY,
      secrets: [NEW_SECRET, OLD_SECRET],
    });
    const stripe = new Stripe('sk_test_unused');
    for (const secret of [NEW_SECRET, OLD_SECRET]) {
      const event = stripe.webhooks.constructEvent(BODY, headers['Svc-Signature'], secret);
      assert.equal(event.id, EVENT_ID);
    }
    assert.throws(() =>
      stripe.webhooks.constructEvent(BODY, headers['Svc-Signature'], generateWebhookSecret()),
    );
  });

  test("the standardwebhooks package's Webhook.verify accepts the webhook-* headers", () => {
    const t = Math.floor(Date.now() / 1000);
    const headers = signDelivery({
      eventId: EVENT_ID,
      timestamp: t,
      body: BODY,
      secrets: [NEW_SECRET, OLD_SECRET],
    });
    const stdHeaders = {
      'webhook-id': headers['webhook-id'],
      'webhook-timestamp': headers['webhook-timestamp'],
      'webhook-signature': headers['webhook-signature'],
    };
    // The library strips the whsec_ prefix itself and base64-decodes the rest.
    for (const secret of [NEW_SECRET, OLD_SECRET]) {
      assert.deepEqual(new Webhook(secret).verify(BODY, stdHeaders), JSON.parse(BODY));
    }
    assert.throws(() => new Webhook(generateWebhookSecret()).verify(BODY, stdHeaders));
  });
});

describe('docs/webhooks.md samples', () => {
  // The samples are written to files inside the project so that `docex/verify-webhook` resolves
  // through the package's own exports, exactly as in a receiver's code.
  const dir = new URL(`../../test-artifacts/webhook-samples-${process.pid}/`, import.meta.url);
  after(() => rm(dir, { recursive: true, force: true }));

  type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

  async function loadSamples(): Promise<Handler[]> {
    const markdown = await readFile(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
    const blocks = [...markdown.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
    await mkdir(dir, { recursive: true });
    const handlers: Handler[] = [];
    for (const [i, code] of blocks.entries()) {
      const file = new URL(`sample-${i}.mjs`, dir);
      await writeFile(file, code);
      const mod = (await import(file.href)) as { handleWebhook: Handler };
      handlers.push(mod.handleWebhook);
    }
    return handlers;
  }

  async function post(handler: Handler, body: string, headers: Record<string, string>) {
    const server = createServer((req, res) => {
      handler(req, res).catch((err: unknown) => res.writeHead(500).end(String(err)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/webhooks`, { method: 'POST', body, headers });
      return { status: res.status, text: await res.text() };
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  test('each sample accepts a delivery signed during a rotation and refuses a tampered one', async () => {
    // The receivers hold the previous secret only (or both, for verifyWebhook's list).
    process.env['DOCEX_WEBHOOK_SECRETS'] = `${NEW_SECRET},${OLD_SECRET}`;
    process.env['DOCEX_WEBHOOK_SECRET'] = OLD_SECRET;
    process.env['STRIPE_SECRET_KEY'] = 'sk_test_unused';
    const handlers = await loadSamples();
    assert.equal(handlers.length, 3, 'verifyWebhook, Stripe and standardwebhooks samples');

    const t = Math.floor(Date.now() / 1000);
    const headers = signDelivery({
      eventId: EVENT_ID,
      timestamp: t,
      body: BODY,
      secrets: [NEW_SECRET, OLD_SECRET],
    });
    for (const [i, handler] of handlers.entries()) {
      assert.deepEqual(
        await post(handler, BODY, headers),
        { status: 200, text: JSON.stringify({ received: EVENT_ID }) },
        `sample ${i}`,
      );
      const tampered = await post(handler, BODY.replace('10 €', '99 €'), headers);
      assert.equal(tampered.status, 400, `sample ${i}`);
    }
  });
});
