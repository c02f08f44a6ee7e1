/**
 * Entry point: the stylesheet (the static splash in index.html uses it), then the app once the splash has
 * painted. The app's chunks are fetched beside this one (the build lists them as modulepreload links,
 * scripts/build/firstScreenPreload.ts) but run only after the first paint.
 */
import '../hud/styles.css';
import { afterFirstPaint } from './afterFirstPaint';

void afterFirstPaint().then(() => import('./start'));
