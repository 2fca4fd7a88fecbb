import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, queryClient } from './app/App';
import { createAppRouter } from './app/router';
import { registerServiceWorker } from './lib/offline/service-worker';
import { nextTask } from './lib/when-idle';
import './styles.css';

// The app starts in steps, each its own task, and renders in slices (a transition): on a cheap
// phone no step holds the page for long (Lighthouse counts every task's time beyond 50 ms as blocking).
registerServiceWorker();
const root = createRoot(document.getElementById('root')!);
await nextTask();
const router = createAppRouter(queryClient);
await nextTask();
startTransition(() =>
  root.render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  ),
);
