/**
 * The XState inspector, only in development: VITE_XSTATE_INSPECT=1 opens the Stately browser inspector
 * when online and logs inspection events to the console when offline; VITE_XSTATE_INSPECT=console always
 * logs. The import is dynamic and behind import.meta.env.DEV, so the production bundle does not contain it.
 */
import type { InspectionEvent, Observer } from 'xstate';

let inspector: Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined;

/** Loads the inspector when enabled; call once at boot before the first machine starts. */
export async function initInspector(): Promise<void> {
  if (!import.meta.env.DEV) return;
  const mode = import.meta.env.VITE_XSTATE_INSPECT;
  if (mode !== '1' && mode !== 'console') return;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const online = typeof navigator !== 'undefined' && navigator.onLine;
  inspector = mode === '1' && online ? createBrowserInspector().inspect : (e: InspectionEvent) => console.debug('[xstate]', e.type, e);
}

/** The `inspect` option for useMachine/createActor (undefined when the inspector is off). */
export function inspectOption(): { inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void) } {
  return inspector ? { inspect: inspector } : {};
}
