// The one place that reads process.env: everything else receives a typed Config.
import { resolve } from 'node:path';

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
  trustProxy: boolean;
  rateLimitPerSecond: number;
  /** The public base URL used in docs_url, download URLs and the start banner. */
  baseUrl: string;
  logLevel: string;
  /** Whether background loops run inside the serving process (`docex serve`). */
  inProcessWorker: boolean;
  /** `docex mcp`: the API key (or admin session token) the stdio MCP server acts with (DOCEX_API_KEY). */
  mcpApiKey: string | null;
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

function flag(env: Env, name: string): boolean {
  const raw = (env[name] ?? '').toLowerCase();
  return raw === '1' || raw === 'true' || raw === 'yes' || raw === 'on';
}

export function loadConfig(env: Env = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const port = intFrom(env, 'PORT', 8080, 0, 65535);
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
    trustProxy: flag(env, 'DOCEX_TRUST_PROXY'),
    rateLimitPerSecond: intFrom(env, 'DOCEX_RATE_LIMIT', 100, 1, 1_000_000),
    baseUrl: (env.DOCEX_BASE_URL || `http://${shownHost}:${port}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    inProcessWorker: env.DOCEX_IN_PROCESS_WORKER !== '0',
    mcpApiKey: env.DOCEX_API_KEY || null,
  };
}
