/** What the world's actions run with: the app's context plus the socket gateway they announce through. */
import type { AppContext } from '../../http/context';
import type { Realtime } from '../../realtime/gateway';

/** The app's context with the socket gateway. */
export interface WorldContext extends AppContext {
  realtime: Realtime;
}
