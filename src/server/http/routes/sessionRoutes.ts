/**
 * A player's own sessions: list them, end any (this one included). Sessions are named by their opaque
 * public id; another player's id answers 404 exactly like an unknown one. Ending a session closes its
 * sockets.
 */
import { sessionIdParams, SESSION_NOT_FOUND, SESSION_PUBLIC_ID, type SessionInfo } from '../../../shared/api/sessions';
import { AppError } from '../../domain/errors';
import { endUserSession, listUserSessions } from '../../domain/auth/sessions';
import { deviceSummary } from '../../domain/auth/deviceSummary';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, AppContext } from '../../app/context';
import { announceSessionsEnded } from '../../app/context';
import { ok } from '../envelope';
import { requireUser } from '../requireUser';
import { endSession } from '../sessionCookies';

const iso = (ms: number) => new Date(ms).toISOString();

/** Registers GET /api/auth/sessions, DELETE /api/auth/sessions/{id} and POST /api/auth/sessions/{id}/end. */
export function sessionRoutes(app: App, ctx: AppContext): void {
  app.get('/api/auth/sessions', async (request) => {
    const user = await requireUser(ctx, request);
    const current = request.authSession?.publicId;
    const rows = await listUserSessions(ctx.db.kysely, user.id, ctx.clock.now());
    const data: SessionInfo[] = rows.map((r) => ({
      id: r.publicId,
      created_at: iso(r.createdAt),
      last_seen_at: iso(r.lastSeenAt),
      expires_at: iso(r.expiresAt),
      device: deviceSummary(r.userAgent),
      ip: r.ip,
      current: r.publicId === current,
    }));
    // This device first, then the others by when they were last seen (the query's order; sort is stable).
    data.sort((a, b) => Number(b.current) - Number(a.current));
    return ok(data);
  });

  const end = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const user = await requireUser(ctx, request);
    const id = request.params.id;
    if (request.authSession?.publicId === id) {
      await endSession(ctx, request, reply);
      return ok(null, 'Session ended.');
    }
    // An id that cannot be one is not looked up (PostgreSQL refuses a NUL byte with an error).
    if (!SESSION_PUBLIC_ID.test(id)) throw new AppError(404, SESSION_NOT_FOUND);
    const key = await endUserSession(ctx.db.kysely, user.id, id);
    if (key === undefined) throw new AppError(404, SESSION_NOT_FOUND);
    announceSessionsEnded(ctx, [key]);
    return ok(null, 'Session ended.');
  };
  app.delete('/api/auth/sessions/:id', { schema: { params: sessionIdParams } }, end);
  app.post('/api/auth/sessions/:id/end', { schema: { params: sessionIdParams } }, end);
}
