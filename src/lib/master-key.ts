// Secrets at rest under a master key the database does not hold (CONTRACT 10): the deployment's
// HMAC key, the log-signing private key and every webhook secret are stored sealed, so a dump of
// the database alone yields none of them. The master key comes from DOCEX_MASTER_KEY (32 random
// bytes, base64 or hex), or for the embedded default from a 0600 file `master-key` in the data
// directory, made at first start. DOCEX_MASTER_KEY_PREVIOUS opens what the previous key sealed
// while the service re-seals it under the new one at start (rotation).
//
// Sealed form: `mk1.<key id>.<iv>.<ciphertext ‖ GCM tag>` (AES-256-GCM from node:crypto, a fresh
// 96-bit IV per seal; base64url). The key id (8 hex of a SHA-256 of the key) names which master
// key opens it, so a wrong key is refused by name instead of failing as a bad tag.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from './config-error.ts';
import { makePrivateDir } from './private-dir.ts';

const PREFIX = 'mk1';
const HOW = "make one with: node -e \"console.log(require('crypto').randomBytes(32).toString('base64'))\"";

export interface Sealer {
  /** The current master key's id. */
  readonly keyId: string;
  seal(plain: string): string;
  /** The plaintext of a sealed value; throws when no configured master key opens it. */
  open(sealed: string): string;
  isSealed(value: string): boolean;
  /** Whether a value is stored in its final form: sealed under the current key. */
  isCurrent(value: string): boolean;
}

export class MasterKeyError extends ConfigError {}

function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('docex master key\n').update(key).digest('hex').slice(0, 8);
}

/** 32 bytes from base64 (padded or not, standard or url-safe) or hex; anything weaker is refused. */
export function parseMasterKey(raw: string, name: string): Buffer {
  const text = raw.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(text)) key = Buffer.from(text, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text))
    key = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key?.length !== 32) {
    throw new MasterKeyError(`${name} must be 32 random bytes as base64 or hex; ${HOW}`);
  }
  return key as Buffer;
}

/** The embedded default's key file: read, or created once (exclusively, so two starts agree). */
function fileKey(dataDir: string): Buffer {
  makePrivateDir(dataDir);
  const file = join(dataDir, 'master-key');
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return parseMasterKey(readFileSync(file, 'utf8'), file);
}

export interface MasterKeys {
  current: Buffer;
  previous: Buffer | null;
  /** Where the current key came from, for the start banner and the docs. */
  source: 'DOCEX_MASTER_KEY' | 'file';
}

/**
 * The settings the master key comes from (the service's Config has them): lib/ reads no
 * configuration of its own, so what it needs is named here.
 */
export interface MasterKeySettings {
  masterKey: string | null;
  masterKeyPrevious: string | null;
  dataDir: string;
  /** With a PostgreSQL database in production, DOCEX_MASTER_KEY is required (below). */
  databaseUrl: string | null;
  env: 'development' | 'production';
}

export function loadMasterKeys(config: MasterKeySettings): MasterKeys {
  const previous = config.masterKeyPrevious
    ? parseMasterKey(config.masterKeyPrevious, 'DOCEX_MASTER_KEY_PREVIOUS')
    : null;
  if (config.masterKey) {
    return {
      current: parseMasterKey(config.masterKey, 'DOCEX_MASTER_KEY'),
      previous,
      source: 'DOCEX_MASTER_KEY',
    };
  }
  // A PostgreSQL deployment runs processes on several machines, which must share one key, and
  // its data directory is nothing the operator backs up: production needs the variable.
  if (config.databaseUrl && config.env === 'production') {
    throw new MasterKeyError(
      `DOCEX_MASTER_KEY is required in production with DATABASE_URL: the secrets in the database are sealed under it and every process needs the same one; ${HOW}, keep it in your secret store, never in the database or its backups`,
    );
  }
  return { current: fileKey(config.dataDir), previous, source: 'file' };
}

export function makeSealer(keys: MasterKeys): Sealer {
  const byId = new Map<string, Buffer>([[keyIdOf(keys.current), keys.current]]);
  if (keys.previous) byId.set(keyIdOf(keys.previous), keys.previous);
  const currentId = keyIdOf(keys.current);
  // A webhook delivery opens its endpoint's secret every time: the plaintext of a sealed string
  // never changes, so it is kept (bounded) instead of decrypted per delivery.
  const opened = new Map<string, string>();
  return {
    keyId: currentId,
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keys.current, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${PREFIX}.${currentId}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed) {
      const hit = opened.get(sealed);
      if (hit !== undefined) return hit;
      const [prefix, kid, iv, body] = sealed.split('.');
      if (prefix !== PREFIX || !kid || !iv || body === undefined) throw new Error('not a sealed value');
      const key = byId.get(kid);
      if (!key) {
        throw new MasterKeyError(
          `a secret in the database is sealed under master key ${kid}, and the configured key is ${currentId}: start with the DOCEX_MASTER_KEY it was sealed with (or, to rotate, with the new key as DOCEX_MASTER_KEY and that one as DOCEX_MASTER_KEY_PREVIOUS)`,
        );
      }
      const data = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(data.subarray(data.length - 16));
      const plain = Buffer.concat([
        decipher.update(data.subarray(0, data.length - 16)),
        decipher.final(),
      ]).toString('utf8');
      if (opened.size >= 10_000) opened.clear();
      opened.set(sealed, plain);
      return plain;
    },
    isSealed: (value) => value.startsWith(`${PREFIX}.`),
    isCurrent: (value) => value.startsWith(`${PREFIX}.${currentId}.`),
  };
}
