// Runs in a temporary project that installed the packed docex tarball (test/package/pack.test.ts):
// the published webhook verifier on a delivery the test signed with a known secret.
import { readFileSync } from 'node:fs';
import { verifyWebhook, WebhookVerificationError } from 'docex/verify-webhook';

const file = process.argv[2];
if (!file) throw new Error('usage: verify-webhook-usage.js <delivery.json>');
const delivery = JSON.parse(readFileSync(file, 'utf8')) as {
  body: string;
  headers: Record<string, string>;
  secret: string;
  now: number;
};

const event = verifyWebhook({
  rawBody: delivery.body,
  headers: delivery.headers,
  secrets: delivery.secret,
  now: delivery.now,
});
let tampered = '';
try {
  verifyWebhook({
    rawBody: delivery.body.replace('"doc_', '"doc_X'),
    headers: delivery.headers,
    secrets: delivery.secret,
    now: delivery.now,
  });
} catch (err) {
  if (!(err instanceof WebhookVerificationError)) throw err;
  tampered = err.reason;
}
console.log(JSON.stringify({ id: event.id, type: event.type, tampered }));
