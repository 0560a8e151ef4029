// The one transport today (ARCHITECTURE.md "Transports at the edge"): SMTP through DOCEX_SMTP_URL
// with nodemailer, `smtp://` (STARTTLS when the server offers it) or `smtps://` (TLS from the
// start), credentials in the URL. The stored bytes are handed over as they are (nodemailer's raw
// mode adds nothing), with the envelope given explicitly.
import nodemailer from 'nodemailer';

/** A whole exchange is bounded: connect 10 s, greeting 10 s, any silence 20 s (under the 60 s lease). */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export interface SmtpResult {
  /** accepted: 250; temporary: 4xx, refused/dropped connection, timeout; permanent: 5xx. */
  outcome: 'ok' | 'temporary' | 'permanent';
  code: number | null;
  response: string | null;
  error: string | null;
}

/** Keeps a reply short enough for the attempt record, without control characters. */
function clip(s: string | undefined | null, n = 500): string | null {
  if (s === undefined || s === null || s === '') return null;
  const one = s.replace(/\p{Cc}+/gu, ' ').trim();
  return one.length > n ? `${one.slice(0, n)}…` : one;
}

interface SmtpError {
  responseCode?: number;
  response?: string;
  code?: string;
  message?: string;
}

export async function sendRaw(
  smtpUrl: string,
  envelope: { from: string; to: string },
  raw: Buffer,
): Promise<SmtpResult> {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS });
  try {
    const info = (await transport.sendMail({ envelope, raw })) as { response?: string };
    const response = clip(info.response);
    const code = response ? Number.parseInt(response.slice(0, 3), 10) : 250;
    return { outcome: 'ok', code: Number.isFinite(code) ? code : 250, response, error: null };
  } catch (err) {
    const e = err as SmtpError;
    const code = typeof e.responseCode === 'number' ? e.responseCode : null;
    return {
      outcome: code !== null && code >= 500 ? 'permanent' : 'temporary',
      code,
      response: clip(e.response),
      error: clip(e.code ? `${e.code}: ${e.message ?? ''}` : (e.message ?? String(err))),
    };
  } finally {
    transport.close();
  }
}
