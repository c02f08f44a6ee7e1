/** Every domain's admin commands, registered on import (add a line per domain). */
import '../domain/shop/shopAdminCommands';
import './commands/gdaoCommands';
