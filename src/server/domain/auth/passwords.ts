/** Password hashing: Argon2id at OWASP's minimum (19 MiB, 2 passes), the library's PHC string format. */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Argon2id parameters. */
// The library declares its enum `const`, which isolated modules cannot read: 2 is its Argon2id.
export const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verified against when the e-mail is unknown, so a miss costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

/** True when `password` matches `passwordHash`; with no hash it burns the same time and answers false. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash === undefined) {
    dummyHash ??= hashPassword('not-a-real-password-0');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
