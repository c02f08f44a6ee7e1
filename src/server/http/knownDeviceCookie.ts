/**
 * The known-device cookie: HttpOnly, sent only to /api/auth over http (under https it is a `__Host-`
 * cookie, which must have Path=/), holding the device tokens of the last few
 * accounts that logged in on this browser (domain/auth/knownDevice.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { deviceToken, deviceTokenUser, isDeviceTokenOf, KNOWN_DEVICE_TTL_MS, type DeviceOwner } from '../domain/auth/knownDevice';
import { isPlainEmail } from '../domain/auth/rules';
import { findUserByEmail } from '../domain/users/userRepo';
import type { AppContext } from '../app/context';

/** Name of the cookie over plain http. */
export const DEVICE_COOKIE = 'aeon_device';

/** The cookie's name under `config`: `__Host-aeon_device` when the public URL is https. */
function deviceCookieName(config: AppContext['config']): string {
  return config.secureCookies ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE;
}
/** Accounts remembered per browser. */
const MAX_ACCOUNTS = 5;

function tokensOf(ctx: AppContext, request: FastifyRequest): string[] {
  const raw = request.cookies[deviceCookieName(ctx.config)];
  if (!raw || raw.length > 1024) return [];
  return raw
    .split('~')
    .filter((t) => deviceTokenUser(t) !== undefined)
    .slice(0, MAX_ACCOUNTS);
}

/** True when the request carries a live device token of the account `email`. */
export async function isKnownDevice(ctx: AppContext, request: FastifyRequest, email: string): Promise<boolean> {
  const tokens = tokensOf(ctx, request);
  if (tokens.length === 0 || !isPlainEmail(email)) return false;
  const user = await findUserByEmail(ctx.db.kysely, email);
  const now = ctx.clock.now();
  return user !== undefined && tokens.some((t) => isDeviceTokenOf(t, user, now));
}

/** Adds a fresh token of `user` to the cookie (after a successful login or registration). */
export function rememberDevice(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, user: DeviceOwner): void {
  const others = tokensOf(ctx, request).filter((t) => deviceTokenUser(t) !== user.id);
  const value = [deviceToken(user, ctx.clock.now()), ...others].slice(0, MAX_ACCOUNTS).join('~');
  reply.setCookie(deviceCookieName(ctx.config), value, {
    path: ctx.config.secureCookies ? '/' : '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
    maxAge: Math.floor(KNOWN_DEVICE_TTL_MS / 1000),
  });
}
