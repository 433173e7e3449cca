import './index.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { ConsoleApp } from './app/console-app';
import { preloadPageAt } from './app/page-chunks';
import { AppProvider, queryClient } from './app/provider';
import { getSessionQueryOptions } from './features/auth/api/get-session';

// Start the session check while React renders its first frame. With a session, the signed-in
// console and the screen the address names are fetched together at once, rather than one after
// the other as React reaches them; without one, the sign-in screen downloads neither.
queryClient
  .fetchQuery(getSessionQueryOptions())
  .then((user) => {
    if (user) {
      // The page's queries and chunk first, then the console around it (see preloadPageAt).
      preloadPageAt(window.location.pathname, queryClient);
      void import('./app/signed-in-console');
    }
  })
  .catch(() => {
    // The sign-in gate shows the failure and offers to try again.
  });

const root = document.getElementById('root');
if (!root) {
  throw new Error('index.html must contain #root');
}

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <ConsoleApp />
    </AppProvider>
  </StrictMode>,
);
