import './index.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { AppProvider, queryClient } from './app/provider';
import { createRouter } from './app/router';
import { getSessionQueryOptions } from './features/auth/api/get-session';

// Start the session check alongside the first route's chunk instead of after it.
void queryClient.prefetchQuery(getSessionQueryOptions());

const router = createRouter();
const root = document.getElementById('root');
if (!root) {
  throw new Error('index.html must contain #root');
}

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
