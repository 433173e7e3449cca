import './index.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { ConsoleApp } from './app/console-app';
import { AppProvider, queryClient } from './app/provider';
import { getSessionQueryOptions } from './features/auth/api/get-session';

// Start the session check while React renders its first frame.
void queryClient.prefetchQuery(getSessionQueryOptions());

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
