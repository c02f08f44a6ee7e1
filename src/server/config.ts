/** Server configuration, read once from the environment (the configuration contract in the README). */
import net from 'node:net';
import path from 'node:path';
import { loadWithdrawalSafety, type WithdrawalSafetyConfig } from './domain/wallet/withdrawalSafetyConfig';

/** Everything the server needs to know about where it runs; built by `loadConfig`. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; undefined means the SQLite file in `dataDir`. */
  databaseUrl: string | undefined;
  roundOpenSeconds: number;
  roundLockedSeconds: number;
  /** Rounds per fairness hash chain (FAIRNESS_CHAIN_LENGTH); a used-up chain is followed by a new one. */
  fairnessChainLength: number;
  chainRpcUrl: string | undefined;
  devChainPort: number;
  /** undefined writes every mail to `dataDir/mail/*.eml`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The spec's `{product}`. */
  productName: string;
  /** The spec's `{name}`: the special account. */
  adminName: string;
  /** Base of every link the server writes (mails, referral links); never taken from a request's Host. */
  publicUrl: string;
  /** Session cookie gets `Secure` when the public URL is https. */
  secureCookies: boolean;
  logLevel: string;
  /**
   * Which proxies may tell the client's address in X-Forwarded-For (TRUST_PROXY): false (none), a hop
   * count (the address that many proxies back from the socket), or proxy addresses/CIDRs.
   */
  trustProxy: false | number | string[];
  /** Withdrawal safety (cooling-off, hold before signing, daily limits by level) and the dev faucet's period. */
  withdrawals: WithdrawalSafetyConfig;
}

// proxy-addr's named ranges, accepted besides addresses and CIDRs.
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function proxyEntryOk(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [addr = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(addr);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (net.isIP(prefix) === family) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset/`false`/`0` trusts no proxy; `N` trusts N proxies in front; otherwise a comma-separated
 * list of proxy addresses/CIDRs. `true` is refused: it would take the left-most X-Forwarded-For, which any
 * client writes, and make every per-address limit spoofable behind a proxy that appends.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') {
    throw new Error(
      'TRUST_PROXY=true would trust any client-written X-Forwarded-For; set the number of proxies in front of the server (e.g. TRUST_PROXY=1) or their addresses/CIDRs (e.g. TRUST_PROXY=10.0.0.1,10.0.0.0/8)',
    );
  }
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const bad = entries.find((e) => !proxyEntryOk(e));
  if (bad !== undefined || entries.length === 0) {
    throw new Error(`TRUST_PROXY must be a hop count or proxy addresses/CIDRs separated by commas, got "${bad ?? v}"`);
  }
  return entries;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function positive(n: number, name: string): number {
  if (n < 1) throw new Error(`${name} must be at least 1, got ${n}`);
  return n;
}

function opt(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/** `trustProxy` as Fastify takes it: a hop count becomes proxy-addr's "trust the first N hops" function. */
export function fastifyTrustProxy(v: false | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof v === 'number' ? (_address, hop) => hop < v : v;
}

/** Reads the configuration contract from `env`; throws with the variable's name on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 8080, 'PORT');
  const host = env.HOST || '127.0.0.1';
  const publicUrl = (env.PUBLIC_URL || `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`).replace(/\/+$/, '');
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: opt(env.DATABASE_URL),
    roundOpenSeconds: int(env.ROUND_OPEN_SECONDS, 600, 'ROUND_OPEN_SECONDS'),
    roundLockedSeconds: int(env.ROUND_LOCKED_SECONDS, 60, 'ROUND_LOCKED_SECONDS'),
    fairnessChainLength: positive(int(env.FAIRNESS_CHAIN_LENGTH, 1_000_000, 'FAIRNESS_CHAIN_LENGTH'), 'FAIRNESS_CHAIN_LENGTH'),
    chainRpcUrl: opt(env.CHAIN_RPC_URL),
    devChainPort: int(env.DEV_CHAIN_PORT, 8545, 'DEV_CHAIN_PORT'),
    smtpUrl: opt(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || 'no-reply@aeon.local',
    productName: env.PRODUCT_NAME || 'Aeon',
    adminName: env.ADMIN_NAME || 'GoldenStern',
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    withdrawals: loadWithdrawalSafety(env),
  };
}
