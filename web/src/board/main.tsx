import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { parseBoardRoute } from '@gavel/domain';
import { Board, BoardMessage } from './Board';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import './board.css';
import './board-side.css';

const route = parseBoardRoute(window.location.pathname, window.location.search);
const root = document.getElementById('board-root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      {/* A board that throws says so and reloads itself, rather than leaving a TV blank all night. */}
      <ErrorBoundary resetKey="board" variant="board" where="the display board">
        {route ? <Board route={route} /> : <BoardMessage kind="empty" />}
      </ErrorBoundary>
    </StrictMode>,
  );
}
