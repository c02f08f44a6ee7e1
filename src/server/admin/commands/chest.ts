/** `chest lock|unlock|status`: the operator's switch of the gDAO chest ("gDAO supply is now locked"). */
import { chestLocked, setChestLocked } from '../../domain/gdao/chest';
import type { AdminCommandContext, AdminCommandResult } from './senator';

const USAGE = 'chest lock | unlock | status';

/** The chest lock command. */
export const chestCommand = {
  name: 'chest',
  usage: USAGE,
  async run(ctx: AdminCommandContext, args: readonly string[]): Promise<AdminCommandResult> {
    const [what] = args;
    if (args.length !== 1 || (what !== 'lock' && what !== 'unlock' && what !== 'status')) throw new Error(`usage: ${USAGE}`);
    const before = await chestLocked(ctx.db.kysely);
    if (what !== 'status') await setChestLocked(ctx.db.kysely, what === 'lock', ctx.clock.now());
    const after = what === 'status' ? before : what === 'lock';
    return { summary: `gDAO chest ${after ? 'locked' : 'open'}`, details: { before, after, actor: ctx.actor } };
  },
};

export default chestCommand;
