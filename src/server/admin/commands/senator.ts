/**
 * `senator <user id or name> [months | revoke]`: grants (or extends) the Senator title by whole calendar
 * months (1 when omitted), or revokes it. Operator-only; the runner writes its `admin_audit` row in the same transaction.
 */
import { AdminUsageError, type AdminCommand, type AdminContext, type AdminResult } from '../adminCommand';
import { extendTitle } from '../../domain/gdao/taxBox';
import { wireTime } from '../../domain/users/userTime';

const USAGE = 'senator <user id or name> [months (1–120, default 1) | revoke]';

/** The Senator title command. */
export const senatorCommand: AdminCommand = {
  name: 'senator',
  usage: USAGE,
  async run(ctx: AdminContext, args: readonly string[]): Promise<AdminResult> {
    const [who, what = '1'] = args;
    if (!who || args.length > 2) throw new AdminUsageError(`usage: ${USAGE}`);
    const revoke = what === 'revoke';
    const months = revoke ? 0 : /^\d{1,3}$/.test(what) ? Number(what) : NaN;
    if (!revoke && !(months >= 1 && months <= 120)) throw new AdminUsageError(`usage: ${USAGE}`);
    const k = ctx.db.kysely;
    const user = await k
      .selectFrom('users')
      .select(['id', 'name', 'senator_until'])
      .where((eb) => (/^\d{1,9}$/.test(who) ? eb.or([eb('id', '=', Number(who)), eb('name', '=', who)]) : eb('name', '=', who)))
      .orderBy('id')
      .executeTakeFirst();
    if (!user) throw new AdminUsageError(`no user ${who}`);
    const now = ctx.clock.now();
    const until = revoke ? null : extendTitle(user.senator_until, now, months);
    await k.updateTable('users').set({ senator_until: until, updated_at: now }).where('id', '=', user.id).execute();
    return {
      summary: revoke
        ? `Senator title of ${user.name} (#${user.id}) revoked`
        : `${user.name} (#${user.id}) is Senator until ${wireTime(until)} UTC`,
      details: { user_id: user.id, name: user.name, before: wireTime(user.senator_until), after: wireTime(until), actor: ctx.actor },
    };
  },
};
