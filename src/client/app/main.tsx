/**
 * Entry point: the stylesheet (the static splash in index.html uses it), then the app once the splash has
 * painted, in stages with a yield between them (a module graph runs in one task once loaded): boot's
 * requests first (startBoot.ts), then React (react-dom alone is a long evaluation on a slow phone), then the
 * shell and the entry screens (start.tsx). The stages' chunks are fetched beside this one (the build lists
 * them as modulepreload links, scripts/build/firstScreenPreload.ts) but run only after the first paint.
 */
import '../hud/styles.css';
import { afterFirstPaint } from './afterFirstPaint';
import { nextTask } from './nextTask';

void afterFirstPaint()
  .then(() => import('./startBoot'))
  .then(nextTask)
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('./start'));
