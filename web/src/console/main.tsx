import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { ConsoleRoutes } from './routes';
import './console.css';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: true } },
});

const root = document.getElementById('console-root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary resetKey="console" where="the console">
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <ConsoleRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>,
  );
}
