import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { registerServiceWorker } from './lib/offline/service-worker';
import './styles.css';

/** Lets the browser paint and answer a tap before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The app starts in steps, each its own task, and renders in slices (a transition): on a cheap
// phone no step holds the page for long (Lighthouse counts every task's time beyond 50 ms as blocking).
registerServiceWorker();
const root = createRoot(document.getElementById('root')!);
await nextTask();
const router = createAppRouter();
await nextTask();
startTransition(() =>
  root.render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  ),
);
