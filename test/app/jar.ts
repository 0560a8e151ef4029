// A minimal browser stand-in for the backend-for-frontend tests: a cookie jar over app.inject.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export function setCookieHeaders(res: LightMyRequestResponse): string[] {
  const h = res.headers['set-cookie'];
  return h === undefined ? [] : Array.isArray(h) ? h : [String(h)];
}

export function setCookie(res: LightMyRequestResponse, name: string): string | undefined {
  return setCookieHeaders(res).find((c) => c.startsWith(`${name}=`));
}

export interface Jar {
  cookies: Map<string, string>;
  csrf(): string;
  session(): string | undefined;
  send(
    method: string,
    url: string,
    opts?: {
      body?: unknown;
      headers?: Record<string, string>;
      csrf?: boolean | string;
      idem?: string | null;
    },
  ): Promise<LightMyRequestResponse>;
}

let n = 0;

export function jar(app: FastifyInstance): Jar {
  const cookies = new Map<string, string>();
  const absorb = (res: LightMyRequestResponse) => {
    for (const c of setCookieHeaders(res)) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = decodeURIComponent(pair.slice(eq + 1));
      if (/Max-Age=0/i.test(c)) cookies.delete(name);
      else cookies.set(name, value);
    }
  };
  return {
    cookies,
    csrf: () => cookies.get('docex_csrf') ?? '',
    session: () => cookies.get('docex_session'),
    async send(method, url, opts = {}) {
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (cookies.size)
        headers.cookie = [...cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
      if (method !== 'GET') {
        if (opts.csrf !== false)
          headers['x-csrf-token'] =
            typeof opts.csrf === 'string' ? opts.csrf : (cookies.get('docex_csrf') ?? '');
        if (url.startsWith('/app/api/v1/') && opts.idem !== null)
          headers['idempotency-key'] ??= opts.idem ?? `jar-idem-${++n}-${Date.now()}`;
      }
      let payload: string | undefined;
      if (opts.body !== undefined) {
        payload = JSON.stringify(opts.body);
        headers['content-type'] = 'application/json';
      }
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(payload !== undefined ? { payload } : {}),
      });
      absorb(res);
      return res;
    },
  };
}
