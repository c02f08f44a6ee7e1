/** Server configuration, read once from the environment (the configuration contract in the README). */
import path from 'node:path';

/** Everything the server needs to know about where it runs; built by `loadConfig`. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` selects PostgreSQL; undefined means the SQLite file in `dataDir`. */
  databaseUrl: string | undefined;
  roundOpenSeconds: number;
  roundLockedSeconds: number;
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
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function opt(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
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
    chainRpcUrl: opt(env.CHAIN_RPC_URL),
    devChainPort: int(env.DEV_CHAIN_PORT, 8545, 'DEV_CHAIN_PORT'),
    smtpUrl: opt(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || 'no-reply@aeon.local',
    productName: env.PRODUCT_NAME || 'Aeon',
    adminName: env.ADMIN_NAME || 'GoldenStern',
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
