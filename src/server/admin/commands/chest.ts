/** `chest lock|unlock|status`: the operator's switch of the gDAO chest ("gDAO supply is now locked"). */
import { chestLocked, setChestLocked } from '../../domain/gdao/chest';
import { AdminUsageError, type AdminCommand, type AdminContext, type AdminResult } from '../adminCommand';

const USAGE = 'chest lock | unlock | status';

/** The chest lock command. */
export const chestCommand: AdminCommand = {
  name: 'chest',
  usage: USAGE,
  async run(ctx: AdminContext, args: readonly string[]): Promise<AdminResult> {
    const [what] = args;
    if (args.length !== 1 || (what !== 'lock' && what !== 'unlock' && what !== 'status')) throw new AdminUsageError(`usage: ${USAGE}`);
    const before = await chestLocked(ctx.db.kysely);
    if (what !== 'status') await setChestLocked(ctx.db.kysely, what === 'lock', ctx.clock.now());
    const after = what === 'status' ? before : what === 'lock';
    return { summary: `gDAO chest ${after ? 'locked' : 'open'}`, details: { before, after, actor: ctx.actor } };
  },
};
