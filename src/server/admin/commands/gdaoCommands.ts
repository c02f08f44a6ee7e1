/** The gDAO domain's operator commands: the chest lock and the Senator title. */
import { registerAdminCommand } from '../registry';
import { chestCommand } from './chest';
import { senatorCommand } from './senator';

for (const c of [chestCommand, senatorCommand]) registerAdminCommand(c);
