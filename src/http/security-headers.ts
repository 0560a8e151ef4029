// The browser-facing security headers, one set for every page docex serves (the web app, the docs
// page, the API reference): scripts, styles and data only from this origin, no framing, nothing
// inline unless named by its hash (the reference's run-time styles excepted, see REFERENCE_CSP),
// no MIME sniffing, no referrer to other origins.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

function csp(styleSources: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...styleSources.map((h) => `'${h}'`)].join(' '),
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The web app's policy: nothing inline at all. */
export const APP_CSP = csp();

/** The CSP source of an inline <style> element's exact text, so one inline block may apply. */
export function styleHash(css: string): string {
  return `sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}`;
}

/**
 * The API reference's policy (GET /v1/reference): the app's, except that inline styles apply.
 * Scalar's bundle (Vue) builds its styles at run time: its Tailwind sheet, the theme's variables,
 * the toast styles, each a <style> element whose text is not fixed (so no hash can name it; only
 * its main sheet honours a nonce), and `style` attributes set through markup. Scripts stay 'self'
 * only (the bundle and its starter are files docex serves; the configuration is a JSON data block
 * that is never executed), and connect-src, img-src and font-src stay on this origin, so an
 * injected style could neither run code nor send anything elsewhere. And the page renders only
 * docex's own OpenAPI document, generated from the route declarations: no user content.
 */
export const REFERENCE_CSP = csp(['unsafe-inline']);

/**
 * Sets the headers; `inlineStyles` names the hashes (styleHash) of the page's own inline styles,
 * `policy` replaces the whole CSP (REFERENCE_CSP).
 */
export function securityHeaders(
  reply: FastifyReply,
  inlineStyles: readonly string[] = [],
  policy?: string,
): void {
  reply.header('content-security-policy', policy ?? (inlineStyles.length ? csp(inlineStyles) : APP_CSP));
  reply.header('x-content-type-options', 'nosniff');
  reply.header('x-frame-options', 'DENY');
  reply.header('referrer-policy', 'same-origin');
}
