/** The app, started by main.tsx once the static splash has painted: layout variables, guards, inspector, boot, then the React shell. */
import './cspCompat';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { boot } from './boot';
import { startGuards } from './routeView';
import { initInspector } from './inspector';
import { applyLayoutCss, watchLayout } from '../engine/resize';

watchLayout(applyLayoutCss);
startGuards();
void initInspector().finally(() => {
  void boot();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
