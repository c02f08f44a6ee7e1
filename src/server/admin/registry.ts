/** The registry of admin commands: each domain registers its own; the CLI lists them in `help`. */
import { AdminUsageError, type AdminCommand } from './adminCommand';

const commands = new Map<string, AdminCommand>();

/** Adds `command` (names are unique). */
export function registerAdminCommand(command: AdminCommand): void {
  if (commands.has(command.name)) throw new Error(`admin command ${command.name} registered twice`);
  commands.set(command.name, command);
}

/** The command called `name`; throws a usage error listing the known ones. */
export function adminCommand(name: string): AdminCommand {
  const c = commands.get(name);
  if (!c) throw new AdminUsageError(`unknown command "${name}"; known: ${[...commands.keys()].sort().join(', ')}`);
  return c;
}

/** Every registered command, by name. */
export function adminCommands(): AdminCommand[] {
  return [...commands.values()].sort((a, b) => a.name.localeCompare(b.name));
}
