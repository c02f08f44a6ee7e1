/**
 * TOTP secrets at rest: AES-256-GCM under a key derived from the server's signing key. With APP_KEY set the
 * key lives only in the environment, so a database dump alone gives no codes.
 */
import crypto from 'node:crypto';

const VERSION = 'v1';

/** The encryption key of second-factor secrets, derived from the signing key (HKDF-SHA256). */
export function factorKey(signingKey: Buffer): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', signingKey, Buffer.alloc(0), 'aeon second factor secret', 32));
}

/** Encrypts `plain` for `userId` (the user id is bound in, so a row copied to another account fails to open). */
export function sealSecret(key: Buffer, userId: number, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Decrypts what `sealSecret` made for `userId`; throws when it was altered or sealed for someone else. */
export function openSecret(key: Buffer, userId: number, sealed: string): string {
  const [version, data = ''] = sealed.split('.');
  if (version !== VERSION) throw new Error(`unknown sealed secret version ${version}`);
  const raw = Buffer.from(data, 'base64url');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(`user:${userId}`));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
