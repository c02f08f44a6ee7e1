/** Registration: validate, create the player, send the verification mail (spec 1 §2 Register). */
import { MASTER_COUNT, type RegisterBody } from '../../../shared/api/auth';
import { nicknameKey, normalizeNickname } from '../../../shared/rules/nickname';
import { ErrorBag, validationFailed } from '../errors';
import { findUserById, findUserByRefCode, normalizeEmail } from '../users/userRepo';
import type { UserRow } from '../users/userView';
import type { AuthDeps } from './deps';
import { hashPassword } from './passwords';
import { checkEmail, checkName, checkPassword, checkSkin, isRefCodeShape } from './rules';
import { randomRefCode, randomToken } from './secrets';
import { uniqueViolationField } from './uniqueViolation';
import { sendVerificationMail } from './emailVerification';

const MAX_ID = 2 ** 31 - 1;
const TAKEN = { name: 'The name has already been taken.', email: 'The email has already been taken.' } as const;

async function findReferrer(deps: AuthDeps, body: RegisterBody, bag: ErrorBag): Promise<number | null> {
  const code = typeof body.ref_code === 'string' ? body.ref_code.trim() : '';
  if (code !== '') {
    const ref = isRefCodeShape(code) ? await findUserByRefCode(deps.db, code) : undefined;
    if (!ref) bag.add('ref_code', 'The selected ref code is invalid.');
    return ref?.id ?? null;
  }
  const raw = body.ref_user_id;
  if (raw === undefined || raw === null || raw === '') return null;
  const id = typeof raw === 'number' ? raw : /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  // Ids are 32-bit: a larger one is unknown (PostgreSQL would refuse to compare it with an integer column).
  const ref = Number.isSafeInteger(id) && id > 0 && id <= MAX_ID ? await findUserById(deps.db, id) : undefined;
  if (!ref) bag.add('ref_user_id', 'The selected ref user id is invalid.');
  return ref?.id ?? null;
}

async function checkTaken(deps: AuthDeps, bag: ErrorBag, name: string, email: string): Promise<void> {
  if (!bag.has('name')) {
    const hit = await deps.db.selectFrom('users').select('id').where('name_key', '=', nicknameKey(name)).executeTakeFirst();
    if (hit) bag.add('name', TAKEN.name);
  }
  if (!bag.has('email')) {
    const hit = await deps.db.selectFrom('users').select('id').where('email_normalized', '=', normalizeEmail(email)).executeTakeFirst();
    if (hit) bag.add('email', TAKEN.email);
  }
}

async function insertUser(deps: AuthDeps, values: Omit<UserRow, 'id' | 'ref_code' | 'ws_auth_token'>): Promise<UserRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await deps.db
        .insertInto('users')
        .values({ ...values, ref_code: randomRefCode(), ws_auth_token: randomToken() })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      const field = uniqueViolationField(err);
      // The unique index is the final judge of a duplicate, also when two registrations race.
      if (field === 'name' || field === 'email') throw validationFailed({ [field]: [TAKEN[field]] });
      if ((field === 'ref_code' || field === 'ws_auth_token') && attempt < 3) continue;
      throw err;
    }
  }
}

/** Creates a player from the registration form and sends the verification mail; throws 422 on bad input. */
export async function registerUser(deps: AuthDeps, body: RegisterBody): Promise<UserRow> {
  const bag = new ErrorBag(['name', 'email', 'password', 'skin_id', 'ref_code', 'ref_user_id']);
  // One spelling per name: "Zoë" typed with a combining diaeresis is stored as the composed letter.
  const name = normalizeNickname(body.name);
  checkName(bag, name);
  checkEmail(bag, body.email);
  await checkPassword(bag, body.password, body.password_confirmation, { name, email: body.email });
  const skin = checkSkin(bag, body.skin_id, MASTER_COUNT);
  await checkTaken(deps, bag, name, body.email);
  const referrerId = await findReferrer(deps, body, bag);
  bag.throwIfAny();

  const now = deps.clock.now();
  const user = await insertUser(deps, {
    name,
    name_key: nicknameKey(name),
    email: body.email.trim(),
    email_normalized: normalizeEmail(body.email),
    password_hash: await hashPassword(body.password),
    investor_skin_id: skin ?? 1,
    email_confirmed: 0,
    completed_onboarding: 0,
    referrer_id: referrerId,
    xp: 0,
    level: -1,
    start_pack: 0,
    start_gas: 0,
    senator_until: null,
    patricius_until: null,
    is_admin: 0,
    created_at: now,
    updated_at: now,
  });
  await sendVerificationMail(deps, user);
  return user;
}
