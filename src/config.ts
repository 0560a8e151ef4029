// The one place that reads process.env: everything else receives a typed Config.
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import ipaddr from 'ipaddr.js';
import { DatabaseUrlError, parseMultiHostUrl } from './db/multi-host.ts';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from './db/pglite-settings.ts';
import { ConfigError } from './lib/config-error.ts';

export const FAMILIES = [
  'documents',
  'payments',
  'treasury',
  'provenance',
  'keys',
  'webhooks',
  'finance',
  'enablement',
] as const;
export type Family = (typeof FAMILIES)[number];

export interface Config {
  host: string;
  port: number;
  env: 'development' | 'production';
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  operatorToken: string | null;
  testClock: boolean;
  familiesDisabled: ReadonlySet<Family>;
  signupOpen: boolean;
  /**
   * Which proxies' X-Forwarded-For entries are believed (CONTRACT 10): false (none: the TCP peer
   * is the client), a hop count, or the proxies' CIDRs. Never "every hop".
   */
  trustProxy: false | number | string[];
  rateLimitPerSecond: number;
  /** Sign-ins and signups per client address per minute (DOCEX_AUTH_RATE_LIMIT, CONTRACT 10). */
  authRateLimitPerMinute: number;
  /**
   * DOCEX_MASTER_KEY as given (validated where it is used, src/lib/master-key.ts); null means the
   * embedded default's 0600 file in the data directory.
   */
  masterKey: string | null;
  /** DOCEX_MASTER_KEY_PREVIOUS: opens what the previous master key sealed, during a rotation. */
  masterKeyPrevious: string | null;
  /**
   * DOCEX_REQUEST_TIMEOUT_MS: the time a client has to send a whole request, headers and body
   * (Node's requestTimeout; 408 after it). DOCEX_IDLE_TIMEOUT_MS: how long a connection may stay
   * silent in either direction before it is closed (Fastify's connectionTimeout). See
   * docs/security.md for why the defaults are what they are.
   */
  requestTimeoutMs: number;
  idleTimeoutMs: number;
  /** The public base URL used in docs_url, download URLs and the start banner. */
  baseUrl: string;
  logLevel: string;
  /** Whether background loops run inside the serving process (`docex serve`). */
  inProcessWorker: boolean;
  /** `docex mcp`: the API key (or admin session token) the stdio MCP server acts with (DOCEX_API_KEY). */
  mcpApiKey: string | null;
  /** The embedded database's memory settings (src/db/pglite-settings.ts, docs/embedded.md). */
  pglite: {
    /** DOCEX_PGLITE_SHARED_BUFFERS_MB: PostgreSQL's shared_buffers inside PGlite, in MB. */
    sharedBuffersMb: number;
    /** DOCEX_PGLITE_LIFTOFF_ONLY (on unless "0"): PGlite's WebAssembly never tiered up to TurboFan. */
    liftoffOnly: boolean;
  };
  /**
   * DOCEX_METRICS_LISTEN (host:port): where GET /metrics answers, on a listener of its own; null
   * (the default) serves no metrics and counts nothing. Never the public address.
   */
  metricsListen: { host: string; port: number } | null;
  /**
   * OTEL_EXPORTER_OTLP_ENDPOINT: where traces go over OTLP/HTTP (its /v1/traces); null (the
   * default) loads no OpenTelemetry package and traces nothing. OTEL_SERVICE_NAME names the
   * service in them (docex by default).
   */
  tracing: { endpoint: string; serviceName: string } | null;
  /** The e-invoice render threads (src/modules/einvoice/render-pool.ts, docs/einvoicing.md). */
  render: {
    /** DOCEX_RENDER_THREADS: threads writing e-invoices, each one job at a time. */
    threads: number;
    /** DOCEX_RENDER_QUEUE: jobs that may wait for a thread; one more answers 503. */
    queue: number;
    /** DOCEX_RENDER_TIMEOUT_MS: a job running longer has its thread ended and answers 503. */
    timeoutMs: number;
  };
  /**
   * The parse threads that read received mail and files (src/modules/inbound/parse-pool.ts,
   * docs/security.md): DOCEX_PARSE_THREADS, DOCEX_PARSE_QUEUE, DOCEX_PARSE_TIMEOUT_MS.
   */
  parse: {
    threads: number;
    queue: number;
    timeoutMs: number;
  };
  /**
   * Reading captured files, PDFs without an e-invoice and scans (CONTRACT §13,
   * src/modules/capture/capture-pool.ts, docs/capture.md).
   */
  capture: {
    /** DOCEX_CAPTURE_MAX_PAGES: pages read of a file (20); beyond them the capture says so. */
    maxPages: number;
    /** DOCEX_OCR (on|off, default on): off refuses a file that needs OCR, with that reason. */
    ocr: boolean;
    /**
     * DOCEX_OCR_NATIVE: `auto` (default: a `tesseract` 5+ program on PATH reads scans, else
     * tesseract.js), `off` (always tesseract.js), or the absolute path of a tesseract program.
     */
    ocrNative: string;
    /** DOCEX_CAPTURE_THREADS: threads reading files, each one file at a time (1). */
    threads: number;
    /** DOCEX_CAPTURE_QUEUE: files that may wait for a thread (16); one more answers 503. */
    queue: number;
    /** DOCEX_CAPTURE_TIMEOUT_MS: a file still being read then has its thread ended (240 s). */
    timeoutMs: number;
    /**
     * DOCEX_CAPTURE_PAGE_TIMEOUT_MS: one page's OCR, stopped after this (120 s): its words are
     * missing. Wall time, and OCR runs at a lower priority (`nice`): a dense page of ~21 s of CPU
     * took 38-93 s on a machine busy with other work, so 30 s (1.19.0) cut pages that were being
     * read. It guards against a page that hangs; the file's own limit bounds the whole.
     */
    pageTimeoutMs: number;
    /**
     * DOCEX_CAPTURE_NICE: how much lower the CPU priority of the capture threads (and the OCR
     * engine's) is than the service's (0-19, default 10; 0 leaves it; Linux only, docs/capture.md).
     */
    nice: number;
  };
  /** Receiving documents by email (CONTRACT 11.5, src/modules/inbound/, docs/inbound.md). */
  inbound: InboundConfig;
  /** Email delivery (CONTRACT 11.2, src/modules/delivery, docs/reach.md). */
  mail: {
    /**
     * DOCEX_SMTP_URL: `smtp://[user:pass@]host[:port]` (STARTTLS when the server offers it) or
     * `smtps://…` (TLS from the start); null: live deliveries wait, queued, until it is set.
     */
    smtpUrl: string | null;
    /** DOCEX_MAIL_FROM: the From address of every message (the issuer's name is its display name). */
    from: string;
    /**
     * DOCEX_INBOUND_DOMAIN (also the inbound listener's, CONTRACT 11.5): when set, the envelope
     * sender of a delivery is `bounce+<delivery id>@<domain>`, so bounces come back to docex.
     */
    inboundDomain: string | null;
    /**
     * DOCEX_MAIL_DAILY_LIMIT: the emails a verified live organization sends in 24 hours (default
     * 2,000; unverified ones send 20 to 5 addresses, CONTRACT 11.2, delivery/sending-limits.ts).
     */
    dailyLimit: number;
  };
}

export interface InboundConfig {
  /** DOCEX_INBOUND_DOMAIN: the domain of every organization's inbound address; null: no address. */
  domain: string | null;
  /** DOCEX_SMTP_LISTEN (host:port): where the SMTP listener binds; null: no listener. */
  listen: { host: string; port: number } | null;
  /** DOCEX_INBOUND_MAX_BYTES: the largest message accepted (larger: 552), default 25 MB. */
  maxBytes: number;
  /** DOCEX_SMTP_TLS_CERT / DOCEX_SMTP_TLS_KEY: PEM files; STARTTLS is offered when both are set. */
  tls: { certFile: string; keyFile: string } | null;
  /**
   * DOCEX_DNS_SERVERS (comma-separated ip:port, [v6]:port or ip): the DNS servers sender
   * authentication (DKIM, SPF, DMARC) asks; null: the system's.
   */
  dnsServers: string[] | null;
  /**
   * DOCEX_SMTP_SESSION_TIMEOUT_MS: the longest an SMTP connection may last, whatever it does
   * (default 20 minutes: a 25 MB message at 25 kB/s); then 421 and the connection is closed.
   */
  sessionTimeoutMs: number;
  /**
   * DOCEX_SMTP_MIN_DATA_RATE: bytes a second a DATA must average after its first 5 seconds
   * (default 1024); slower: 421 and the connection is closed.
   */
  minDataRate: number;
}

// Defined in lib/ so that lib/ (the master key) can refuse a setting without importing this file.
export { ConfigError };

type Env = Record<string, string | undefined>;

function intFrom(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got ${JSON.stringify(raw)}`);
  }
  return n;
}

/**
 * DOCEX_METRICS_LISTEN: host:port ([::1]:9464 for IPv6). The public listener never serves
 * /metrics, so the same address is refused: the metrics would go nowhere, and the service fail to
 * start with EADDRINUSE less clearly.
 */
function metricsListenFrom(env: Env, host: string, port: number): Config['metricsListen'] {
  const raw = (env.DOCEX_METRICS_LISTEN ?? '').trim();
  if (raw === '') return null;
  const m = /^(\[[0-9A-Fa-f:.]+\]|[^\s:[\]]+):([0-9]{1,5})$/.exec(raw);
  const metricsPort = m ? Number(m[2]) : Number.NaN;
  if (!m || metricsPort > 65535) {
    throw new ConfigError(
      `DOCEX_METRICS_LISTEN must be host:port (127.0.0.1:9464, or [::1]:9464), got ${JSON.stringify(raw)}`,
    );
  }
  const bare = (m[1] as string).replace(/^\[(.*)\]$/, '$1');
  if (
    metricsPort !== 0 &&
    metricsPort === port &&
    (bare === host || bare === '0.0.0.0' || host === '0.0.0.0')
  ) {
    throw new ConfigError(
      `DOCEX_METRICS_LISTEN=${raw} is the public address (HOST and PORT): the metrics need an address of their own, off the public port.`,
    );
  }
  return { host: bare, port: metricsPort };
}

function tracingFrom(env: Env): Config['tracing'] {
  const raw = (env.OTEL_EXPORTER_OTLP_ENDPOINT ?? '').trim();
  if (raw === '') return null;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new ConfigError(
      `OTEL_EXPORTER_OTLP_ENDPOINT must be an http or https URL without query (http://127.0.0.1:4318), got ${JSON.stringify(raw)}`,
    );
  }
  return { endpoint: raw.replace(/\/+$/, ''), serviceName: env.OTEL_SERVICE_NAME?.trim() || 'docex' };
}

const LOOPBACK_NAMES = new Set(['localhost', 'localhost.']);

/** Whether a bind address only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  if (LOOPBACK_NAMES.has(host.toLowerCase())) return true;
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (!ipaddr.isValid(bare)) return false;
  const addr = ipaddr.process(bare);
  return addr.range() === 'loopback';
}

const TRUST_PROXY_HELP =
  'set it to the number of proxies in front of docex (1 for one load balancer) or to their ' +
  'addresses as a comma-separated CIDR list (10.0.0.0/8,192.0.2.7)';

/**
 * DOCEX_TRUST_PROXY: a hop count or a CIDR list. "true" would believe every X-Forwarded-For entry,
 * so a client could name any address it likes (an appending proxy forwards the client's own
 * header); it is refused at start rather than quietly taken as one hop.
 */
function trustProxyFrom(env: Env): false | number | string[] {
  const raw = (env.DOCEX_TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (/^[0-9]+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 32) throw new ConfigError(`DOCEX_TRUST_PROXY hop count must be 0 to 32, got ${raw}`);
    return hops;
  }
  if (['true', 'yes', 'on', 'all', '*'].includes(raw.toLowerCase())) {
    throw new ConfigError(
      `DOCEX_TRUST_PROXY=${raw} would trust every hop of X-Forwarded-For, so any client could claim any address; ${TRUST_PROXY_HELP}.`,
    );
  }
  const cidrs = raw
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  for (const c of cidrs) {
    const ok = c.includes('/') ? ipaddr.isValidCIDR(c) : ipaddr.isValid(c);
    if (!ok)
      throw new ConfigError(
        `DOCEX_TRUST_PROXY has ${JSON.stringify(c)}, not an address or CIDR; ${TRUST_PROXY_HELP}.`,
      );
  }
  return cidrs;
}

/** DATABASE_URL; a host list (issue 41) must be one docex can use, said at start, not at the first query. */
function databaseUrlFrom(env: Env): string | null {
  const url = env.DATABASE_URL || null;
  if (url === null) return null;
  try {
    parseMultiHostUrl(url);
  } catch (err) {
    if (err instanceof DatabaseUrlError) throw new ConfigError(err.message);
    throw err;
  }
  return url;
}

/** A switch written on|off (also 1|0, true|false, yes|no); anything else is refused. */
function onOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '') return fallback;
  if (['on', '1', 'true', 'yes'].includes(raw)) return true;
  if (['off', '0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(`${name} must be on or off, got ${JSON.stringify(env[name])}`);
}

/** DOCEX_OCR_NATIVE: auto, off, or an absolute path (a relative one would depend on the working directory). */
function nativeOcrFrom(env: Env): string {
  const raw = (env.DOCEX_OCR_NATIVE ?? '').trim();
  if (raw === '' || raw.toLowerCase() === 'auto') return 'auto';
  if (raw.toLowerCase() === 'off') return 'off';
  if (!raw.startsWith('/')) {
    throw new ConfigError(
      `DOCEX_OCR_NATIVE must be auto, off or the absolute path of a tesseract program, got ${JSON.stringify(raw)}`,
    );
  }
  return raw;
}

function flag(env: Env, name: string): boolean {
  const raw = (env[name] ?? '').toLowerCase();
  return raw === '1' || raw === 'true' || raw === 'yes' || raw === 'on';
}

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/** DOCEX_DNS_SERVERS as node:dns's setServers takes them (`ip`, `ip:port`, `[v6]:port`). */
function dnsServersFrom(env: Env): string[] | null {
  const raw = (env.DOCEX_DNS_SERVERS ?? '').trim();
  if (raw === '') return null;
  const out: string[] = [];
  for (const part of raw.split(',')) {
    const s = part.trim();
    if (s === '') continue;
    const m = /^(?:\[([0-9a-fA-F:.]+)\]|([0-9.]+)|([0-9a-fA-F:]+))(?::([0-9]{1,5}))?$/.exec(s);
    const ip = m ? (m[1] ?? m[2] ?? m[3] ?? '') : '';
    const port = m?.[4] === undefined ? 53 : Number(m[4]);
    // a bare IPv6 address cannot carry a port (its colons): the third form takes no port
    const v6bare = m?.[3] !== undefined;
    if (!m || isIP(ip) === 0 || port < 1 || port > 65535 || (v6bare && m[4] !== undefined)) {
      throw new ConfigError(
        `DOCEX_DNS_SERVERS must be comma-separated DNS server addresses (127.0.0.1:5353, 192.0.2.53, [2001:db8::53]:53), got ${JSON.stringify(s)}`,
      );
    }
    out.push(isIP(ip) === 6 ? `[${ip}]:${port}` : `${ip}:${port}`);
  }
  return out.length === 0 ? null : out;
}

function inboundFrom(env: Env): InboundConfig {
  const rawDomain = (env.DOCEX_INBOUND_DOMAIN ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (rawDomain !== '' && !DOMAIN.test(rawDomain)) {
    throw new ConfigError(
      `DOCEX_INBOUND_DOMAIN must be a domain name such as inbound.example.com, got ${JSON.stringify(env.DOCEX_INBOUND_DOMAIN)}`,
    );
  }
  const rawListen = (env.DOCEX_SMTP_LISTEN ?? '').trim();
  let listen: InboundConfig['listen'] = null;
  if (rawListen !== '') {
    const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:\s]+)):([0-9]{1,5})$/.exec(rawListen);
    const port = m ? Number(m[3]) : Number.NaN;
    if (!m || port > 65535) {
      throw new ConfigError(
        `DOCEX_SMTP_LISTEN must be host:port (0.0.0.0:25, 127.0.0.1:2525, [::]:25), got ${JSON.stringify(rawListen)}`,
      );
    }
    if (rawDomain === '') {
      throw new ConfigError(
        'DOCEX_SMTP_LISTEN is set but DOCEX_INBOUND_DOMAIN is not: the listener accepts mail only for the inbound domain, so it needs one.',
      );
    }
    listen = { host: (m[1] ?? m[2]) as string, port };
  }
  const cert = env.DOCEX_SMTP_TLS_CERT || '';
  const key = env.DOCEX_SMTP_TLS_KEY || '';
  if ((cert === '') !== (key === '')) {
    throw new ConfigError(
      'DOCEX_SMTP_TLS_CERT and DOCEX_SMTP_TLS_KEY go together: set both (PEM files) or neither.',
    );
  }
  return {
    domain: rawDomain === '' ? null : rawDomain,
    dnsServers: dnsServersFrom(env),
    listen,
    maxBytes: intFrom(env, 'DOCEX_INBOUND_MAX_BYTES', 25 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    tls: cert === '' ? null : { certFile: resolve(cert), keyFile: resolve(key) },
    sessionTimeoutMs: intFrom(env, 'DOCEX_SMTP_SESSION_TIMEOUT_MS', 20 * 60_000, 1000, 24 * 3_600_000),
    minDataRate: intFrom(env, 'DOCEX_SMTP_MIN_DATA_RATE', 1024, 0, 1024 * 1024 * 1024),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const port = intFrom(env, 'PORT', 8080, 0, 65535);
  // Development relaxes the webhook URL policy (loopback and private targets allowed); on an
  // address others can reach that turns webhooks into a scanner of the internal network.
  if (!env.DOCEX_ENV && !isLoopbackHost(host)) {
    throw new ConfigError(
      `HOST=${host} is reachable from other machines, and DOCEX_ENV is not set: the development default allows webhooks to private and loopback addresses. Set DOCEX_ENV=production (or DOCEX_ENV=development to keep that on purpose).`,
    );
  }
  const docexEnv = env.DOCEX_ENV || 'development';
  if (docexEnv !== 'development' && docexEnv !== 'production') {
    throw new ConfigError(`DOCEX_ENV must be development or production, got ${JSON.stringify(docexEnv)}`);
  }
  const disabled = new Set<Family>();
  for (const part of (env.DOCEX_FAMILIES_DISABLED ?? '').split(',')) {
    const name = part.trim();
    if (!name) continue;
    if (!(FAMILIES as readonly string[]).includes(name)) {
      throw new ConfigError(`DOCEX_FAMILIES_DISABLED names unknown family ${JSON.stringify(name)}`);
    }
    disabled.add(name as Family);
  }
  const signup = env.DOCEX_SIGNUP || 'open';
  if (signup !== 'open' && signup !== 'closed') {
    throw new ConfigError(`DOCEX_SIGNUP must be open or closed, got ${JSON.stringify(signup)}`);
  }
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const inbound = inboundFrom(env);
  return {
    host,
    port,
    env: docexEnv,
    dataDir: resolve(env.DOCEX_DATA_DIR || './data'),
    databaseUrl: databaseUrlFrom(env),
    redisUrl: env.REDIS_URL || null,
    operatorToken: env.DOCEX_OPERATOR_TOKEN || null,
    testClock: flag(env, 'DOCEX_TEST_CLOCK'),
    familiesDisabled: disabled,
    signupOpen: signup === 'open',
    trustProxy: trustProxyFrom(env),
    rateLimitPerSecond: intFrom(env, 'DOCEX_RATE_LIMIT', 100, 1, 1_000_000),
    authRateLimitPerMinute: intFrom(env, 'DOCEX_AUTH_RATE_LIMIT', 20, 1, 1_000_000),
    // 5 minutes: a 14 MiB attachment upload over a 400 kbit/s link still arrives whole.
    requestTimeoutMs: intFrom(env, 'DOCEX_REQUEST_TIMEOUT_MS', 300_000, 100, 3_600_000),
    // 2 minutes of silence: above any answer docex takes to compute, which it bounds itself.
    idleTimeoutMs: intFrom(env, 'DOCEX_IDLE_TIMEOUT_MS', 120_000, 100, 3_600_000),
    masterKey: env.DOCEX_MASTER_KEY || null,
    masterKeyPrevious: env.DOCEX_MASTER_KEY_PREVIOUS || null,
    baseUrl: (env.DOCEX_BASE_URL || `http://${shownHost}:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    inProcessWorker: env.DOCEX_IN_PROCESS_WORKER !== '0',
    mcpApiKey: env.DOCEX_API_KEY || null,
    metricsListen: metricsListenFrom(env, host, port),
    tracing: tracingFrom(env),
    pglite: {
      sharedBuffersMb: intFrom(
        env,
        'DOCEX_PGLITE_SHARED_BUFFERS_MB',
        DEFAULT_PGLITE_SHARED_BUFFERS_MB,
        1,
        4096,
      ),
      liftoffOnly: env.DOCEX_PGLITE_LIFTOFF_ONLY !== '0',
    },
    render: {
      threads: intFrom(env, 'DOCEX_RENDER_THREADS', 1, 1, 64),
      queue: intFrom(env, 'DOCEX_RENDER_QUEUE', 16, 1, 10_000),
      timeoutMs: intFrom(env, 'DOCEX_RENDER_TIMEOUT_MS', 20_000, 10, 600_000),
    },
    parse: {
      threads: intFrom(env, 'DOCEX_PARSE_THREADS', 1, 1, 64),
      queue: intFrom(env, 'DOCEX_PARSE_QUEUE', 16, 1, 10_000),
      timeoutMs: intFrom(env, 'DOCEX_PARSE_TIMEOUT_MS', 20_000, 10, 600_000),
    },
    capture: {
      maxPages: intFrom(env, 'DOCEX_CAPTURE_MAX_PAGES', 20, 1, 1000),
      ocr: onOff(env, 'DOCEX_OCR', true),
      ocrNative: nativeOcrFrom(env),
      threads: intFrom(env, 'DOCEX_CAPTURE_THREADS', 1, 1, 64),
      queue: intFrom(env, 'DOCEX_CAPTURE_QUEUE', 16, 1, 10_000),
      timeoutMs: intFrom(env, 'DOCEX_CAPTURE_TIMEOUT_MS', 240_000, 100, 3_600_000),
      pageTimeoutMs: intFrom(env, 'DOCEX_CAPTURE_PAGE_TIMEOUT_MS', 120_000, 100, 600_000),
      nice: intFrom(env, 'DOCEX_CAPTURE_NICE', 10, 0, 19),
    },
    inbound,
    mail: mailFrom(env, shownHost, inbound.domain),
  };
}

// A plain address: local@domain, no display name, no CR/LF or angle brackets (it goes into the
// From header and the SMTP envelope as is).
const PLAIN_ADDRESS =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/;
const HOST_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/;

/** `inboundDomain`: DOCEX_INBOUND_DOMAIN as inboundFrom read and checked it. */
function mailFrom(env: Env, shownHost: string, inboundDomain: string | null): Config['mail'] {
  const smtpUrl = (env.DOCEX_SMTP_URL ?? '').trim() || null;
  if (smtpUrl !== null) {
    let url: URL | null = null;
    try {
      url = new URL(smtpUrl);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
      throw new ConfigError(
        'DOCEX_SMTP_URL must be smtp://[user:password@]host[:port] (STARTTLS when offered) or smtps://[user:password@]host[:port] (TLS), with the user and password percent-encoded',
      );
    }
  }
  let fallbackDomain = 'localhost';
  try {
    fallbackDomain = new URL(env.DOCEX_BASE_URL || `http://${shownHost}`).hostname || fallbackDomain;
  } catch {
    // an unparsable base URL fails elsewhere; the fallback only needs to be an address
  }
  if (!HOST_NAME.test(fallbackDomain)) fallbackDomain = 'localhost';
  const from = (env.DOCEX_MAIL_FROM ?? '').trim() || `docex@${fallbackDomain}`;
  if (!PLAIN_ADDRESS.test(from)) {
    throw new ConfigError(
      `DOCEX_MAIL_FROM must be a plain email address (local@domain, no display name: the issuer's name is added), got ${JSON.stringify(from)}`,
    );
  }
  const dailyLimit = intFrom(env, 'DOCEX_MAIL_DAILY_LIMIT', 2000, 1, 10_000_000);
  return { smtpUrl, from, inboundDomain, dailyLimit };
}
