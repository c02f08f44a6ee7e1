/**
 * Entry point: the stylesheet (the static splash in index.html uses it), then the app once the splash has
 * painted, in stages with a yield between them (a module graph runs in one task once loaded): the API
 * client, boot's requests (startBoot.ts), React (react-dom alone is a long evaluation on a slow phone),
 * then the shell and the entry screens (start.tsx). The stages' chunks are all fetched at once
 * after the first paint (preloadChunks.ts), each run when its stage comes.
 */
import '../hud/styles.css';
import { afterFirstPaint } from './afterFirstPaint';
import { nextTask } from '../engine/nextTask';
import { preloadAppChunks } from './preloadChunks';

void afterFirstPaint()
  // Every link first: each stage's import() would otherwise have Vite's helper add the links of its chunks not
  // linked yet, all in one task. The chunks download meanwhile, so the first stage hardly waits.
  .then(() => preloadAppChunks())
  // zod and the API's schemas, alone: with the rest of boot they made one task of ~30 ms (×4 on a phone).
  .then(() => import('../net/api'))
  .then(nextTask)
  .then(() => import('./startBoot'))
  .then(nextTask)
  .then(() => import('react-dom/client'))
  .then(nextTask)
  .then(() => import('./start'));
