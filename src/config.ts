// The one place that reads process.env: everything else receives a typed Config.
import { resolve } from 'node:path';
import ipaddr from 'ipaddr.js';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from './db/pglite-settings.ts';

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
}

export class ConfigError extends Error {}

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

function flag(env: Env, name: string): boolean {
  const raw = (env[name] ?? '').toLowerCase();
  return raw === '1' || raw === 'true' || raw === 'yes' || raw === 'on';
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
  return {
    host,
    port,
    env: docexEnv,
    dataDir: resolve(env.DOCEX_DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    redisUrl: env.REDIS_URL || null,
    operatorToken: env.DOCEX_OPERATOR_TOKEN || null,
    testClock: flag(env, 'DOCEX_TEST_CLOCK'),
    familiesDisabled: disabled,
    signupOpen: signup === 'open',
    trustProxy: trustProxyFrom(env),
    rateLimitPerSecond: intFrom(env, 'DOCEX_RATE_LIMIT', 100, 1, 1_000_000),
    authRateLimitPerMinute: intFrom(env, 'DOCEX_AUTH_RATE_LIMIT', 20, 1, 1_000_000),
    masterKey: env.DOCEX_MASTER_KEY || null,
    masterKeyPrevious: env.DOCEX_MASTER_KEY_PREVIOUS || null,
    baseUrl: (env.DOCEX_BASE_URL || `http://${shownHost}:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    inProcessWorker: env.DOCEX_IN_PROCESS_WORKER !== '0',
    mcpApiKey: env.DOCEX_API_KEY || null,
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
  };
}
