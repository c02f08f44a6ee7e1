/**
 * The app's first start-up stage (main.tsx runs it after the splash has painted): layout variables, the
 * guards and boot's requests, so the config and status calls are on the wire while React and the screens
 * load in the next stages (start.tsx).
 */
import { boot } from './boot';
import { startGuards } from './routeView';
import { initInspector } from './inspector';
import { applyLayoutCss, watchLayout } from '../engine/resize';

watchLayout(applyLayoutCss);
startGuards();
// boot settles later and hides the splash (App.tsx renders the first screen then).
void initInspector().finally(() => void boot());
