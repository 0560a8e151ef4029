// Serves the built single-page app (app/dist) under /app: files as they are, any other path under
// /app the index page (the client-side router reads the URL). @fastify/static (through
// @fastify/send) sends the files: content types, Content-Length, ETag and Last-Modified with
// 304 answers, HEAD, no directory listing. What stays ours is which file a path means, the cache
// policy and the security headers an app that acts with a cookie session should carry.
import { existsSync } from 'node:fs';
import { extname, posix, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { securityHeaders } from '../http/security-headers.ts';
import { ApiError } from '../lib/errors.ts';

export const APP_DIST = fileURLToPath(new URL('../../app/dist/', import.meta.url));

/** Built assets carry a content hash in their name: cached for good. Everything else revalidates. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** RFC 9239's type for scripts; @fastify/send's mime table still says application/javascript. */
const JAVASCRIPT = new Set(['.js', '.mjs']);

/**
 * The file under the app a request path names, as a canonical absolute path ("/assets/x.js"), or
 * null for one that is not canonical once decoded (a `..` or `.` segment, `//`, a backslash, a
 * NUL): such a path names no file of the app (@fastify/static would refuse it with a 403 error).
 */
function canonicalFile(relative: string): string | null {
  const file = `/${relative}`;
  const odd = file.includes('\u0000') || file.includes('\\');
  return !odd && posix.normalize(file) === file ? file : null;
}

/**
 * @fastify/send's refusals as the spec's errors (the service's error handler knows nothing of
 * them and would answer internal_error): a refused or missing path is not_found; a failed
 * If-Match / If-Unmodified-Since (412, a status the spec's envelope has no code for) a conflict.
 */
function sendRefusal(err: unknown): ApiError | null {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  if (status === 403 || status === 404) return new ApiError('not_found', 'No such file in the app.');
  if (status === 412)
    return new ApiError(
      'conflict',
      'The file is not the version If-Match or If-Unmodified-Since names: fetch it again.',
    );
  return null;
}

export async function registerStatic(app: FastifyInstance, root: string = APP_DIST): Promise<void> {
  const dist = resolve(root);
  const assets = `${resolve(dist, 'assets')}${sep}`;

  await app.register(fastifyStatic, {
    root: dist,
    // Only reply.sendFile: the routes below decide which file a path means.
    serve: false,
    // The cache policy is ours (setHeaders); a directory is never a file of the app.
    cacheControl: false,
    index: false,
    dotfiles: 'ignore',
    // Hashed bundles and one small page: byte ranges serve no one (and their 416 no code either).
    acceptRanges: false,
    // Also called for 304 answers, so a revalidated page keeps its headers.
    setHeaders(reply, path) {
      securityHeaders(reply);
      reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE : 'no-cache');
      if (JAVASCRIPT.has(extname(path))) reply.header('content-type', 'text/javascript; charset=utf-8');
    },
    // app/dist may be built after the service starts (npm start builds it; tests build it once).
    suppressWarning: true,
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = (request.url.split('?')[0] ?? '').replace(/^\/app\/?/, '');
    if (pathname === 'api' || pathname.startsWith('api/')) {
      throw new ApiError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`);
    }
    if (!existsSync(resolve(dist, 'index.html'))) {
      securityHeaders(reply);
      return reply
        .code(503)
        .header('content-type', 'text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('The web app is not built. Run `npm run build:app` (npm start does it for you).\n');
    }
    let relative: string;
    try {
      relative = decodeURIComponent(pathname);
    } catch {
      throw new ApiError('invalid_request', 'The request URL is malformed.');
    }
    // A path with an extension asks for a file: a missing one is a 404 (the not-found handler),
    // never the index page (a script tag must not receive HTML). Any other path is a client route.
    if (extname(relative) === '') return reply.sendFile('/index.html');
    const file = canonicalFile(relative);
    if (!file) throw new ApiError('not_found', `No file ${relative} in the app.`);
    return reply.sendFile(file);
  };

  const errorHandler = (err: Error, request: FastifyRequest, reply: FastifyReply) =>
    app.errorHandler(sendRefusal(err) ?? err, request, reply);
  app.get('/app', { errorHandler }, handler);
  app.get('/app/*', { errorHandler }, handler);
  // A person who opens the service's address gets the app, not a JSON 404 (issue 49); the API's
  // paths are all under /v1.
  app.get('/', (_request, reply) => reply.redirect('/app', 302));
}
