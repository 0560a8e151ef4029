// libpq's multi-host connection URL (issue 41): `postgres://user@h1:p1,h2:p2/db?target_session_attrs=
// read-write`, the form pg_auto_failover's `pg_autoctl show uri --formation` prints. node-postgres
// takes one host only (its URL parser reads "h1:p1,h2:p2" as one host name), so docex splits the
// list here and picks the primary itself (src/db/failover-pool.ts). A URL with one host is not
// touched: it goes to node-postgres exactly as before.

export interface PostgresHost {
  /** A name or an address; an IPv6 address without its brackets. */
  host: string;
  port: number;
}

export interface MultiHostUrl {
  hosts: readonly PostgresHost[];
  /** A single-host URL for one of the hosts: the same user, database and parameters. */
  urlFor(host: PostgresHost): string;
}

export class DatabaseUrlError extends Error {}

const DEFAULT_PORT = 5432;
/** docex writes: only a session that accepts writes will do (libpq's names for it). */
const WRITABLE_ATTRS = new Set(['read-write', 'primary']);
/** Parameters that would override the host list in node-postgres's parser. */
const HOST_PARAMS = ['host', 'hostaddr', 'port'];
const URL_SHAPE = /^(postgres(?:ql)?):\/\/(?:([^@/?#]*)@)?([^/?#]*)(\/[^?#]*)?(\?[^#]*)?$/i;

function parseHost(spec: string, index: number): PostgresHost {
  const where = `DATABASE_URL's host ${index + 1} (${JSON.stringify(spec)})`;
  let host: string;
  let portText: string | undefined;
  if (spec.startsWith('[')) {
    const close = spec.indexOf(']');
    if (close < 0) throw new DatabaseUrlError(`${where} opens an IPv6 bracket it never closes`);
    host = spec.slice(1, close);
    const rest = spec.slice(close + 1);
    if (rest !== '' && !rest.startsWith(':'))
      throw new DatabaseUrlError(`${where} has ${JSON.stringify(rest)} after the address`);
    portText = rest === '' ? undefined : rest.slice(1);
  } else {
    const colon = spec.lastIndexOf(':');
    host = colon < 0 ? spec : spec.slice(0, colon);
    portText = colon < 0 ? undefined : spec.slice(colon + 1);
  }
  if (host === '') throw new DatabaseUrlError(`${where} has no host name`);
  let port = DEFAULT_PORT;
  if (portText !== undefined) {
    port = Number(portText);
    if (!/^[0-9]+$/.test(portText) || port < 1 || port > 65535)
      throw new DatabaseUrlError(`${where} has port ${JSON.stringify(portText)}; a port is 1 to 65535`);
  }
  return { host: decodeURIComponent(host), port };
}

/**
 * The hosts of a multi-host DATABASE_URL, or null when it names one host (used as it is). Throws
 * DatabaseUrlError, naming what is wrong, for a list docex cannot use.
 */
export function parseMultiHostUrl(url: string): MultiHostUrl | null {
  const m = URL_SHAPE.exec(url);
  if (!m || !m[3]!.includes(',')) return null;
  const [, scheme, userinfo, hostList, path = '', query = ''] = m;
  const hosts = hostList!.split(',').map((spec, i) => parseHost(spec, i));
  const params = new URLSearchParams(query.slice(1));
  for (const name of HOST_PARAMS) {
    if (params.has(name))
      throw new DatabaseUrlError(
        `DATABASE_URL lists its hosts before the path and also sets ?${name}=; name each host:port in the list only`,
      );
  }
  const attrs = params.get('target_session_attrs');
  if (attrs !== null && !WRITABLE_ATTRS.has(attrs))
    throw new DatabaseUrlError(
      `DATABASE_URL has target_session_attrs=${attrs}; docex writes, so it needs the primary: read-write (or primary), or leave it out`,
    );
  // node-postgres does not know the parameter; docex does its work (src/db/failover-pool.ts).
  params.delete('target_session_attrs');
  const rest = params.toString();
  const auth = userinfo === undefined ? '' : `${userinfo}@`;
  return {
    hosts,
    urlFor: (h) =>
      `${scheme}://${auth}${h.host.includes(':') ? `[${h.host}]` : encodeURIComponent(h.host)}:${h.port}${path}${rest ? `?${rest}` : ''}`,
  };
}
