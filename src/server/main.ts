/**
 * Server entry (`npm start` runs its compiled bundle): starts the server and ends the process on a failed
 * start. The start itself lives in startServer.ts, so `bench:start` can load the same modules without it.
 */
import { startServer } from './startServer';

startServer().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
