// Serves the built single-page app (app/dist) under /app: files as they are, any other path under
// /app the index page (the client-side router reads the URL). Small enough to own rather than
// add a plugin: GET/HEAD of files from one directory, with the security headers an app that acts
// with a cookie session should carry.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { securityHeaders } from '../http/security-headers.ts';
import { ApiError } from '../lib/errors.ts';

export const APP_DIST = fileURLToPath(new URL('../../app/dist/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

function fileIn(root: string, relative: string): string | null {
  const full = resolve(root, `.${sep}${relative}`);
  if (full !== root && !full.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  try {
    return statSync(full).isFile() ? full : null;
  } catch {
    return null;
  }
}

function send(reply: FastifyReply, file: string, cache: string): FastifyReply {
  securityHeaders(reply);
  return reply
    .code(200)
    .header('content-type', TYPES[extname(file)] ?? 'application/octet-stream')
    .header('content-length', statSync(file).size)
    .header('cache-control', cache)
    .send(createReadStream(file));
}

export function registerStatic(app: FastifyInstance, root: string = APP_DIST): void {
  const dist = resolve(root);
  const index = join(dist, 'index.html');

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = (request.url.split('?')[0] ?? '').replace(/^\/app\/?/, '');
    if (pathname === 'api' || pathname.startsWith('api/')) {
      throw new ApiError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`);
    }
    if (!existsSync(index)) {
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
    const file = relative && !relative.includes('\u0000') ? fileIn(dist, relative) : null;
    // Built assets carry a content hash in their name: cache them for good.
    if (file)
      return send(
        reply,
        file,
        relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    // A missing asset is a 404, not the index page (a script tag must not receive HTML).
    if (extname(relative) !== '') throw new ApiError('not_found', `No file ${relative} in the app.`);
    return send(reply, index, 'no-cache');
  };

  app.get('/app', handler);
  app.get('/app/*', handler);
}
