/**
 * The app's last start-up stage (main.tsx runs it after startBoot.ts): the React shell. The first render
 * is a transition, so React renders it in slices and gives the main thread back in between (App.tsx defers
 * the first screen after boot the same way).
 */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
