import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { parseBoardRoute } from '@gavel/domain';
import { Board, BoardMessage } from './Board';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import './board.css';
import './board-side.css';

/** Seconds before a crashed board reloads on its own: nobody stands at a TV to tap Reload. */
const BOARD_RELOAD_SECONDS = 30;

function BoardReload() {
  useEffect(() => {
    const t = setTimeout(() => window.location.reload(), BOARD_RELOAD_SECONDS * 1_000);
    return () => clearTimeout(t);
  }, []);
  return null;
}

const route = parseBoardRoute(window.location.pathname, window.location.search);
const root = document.getElementById('board-root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      {/* A board that throws says so and reloads itself, rather than leaving a TV blank all night. */}
      <ErrorBoundary
        resetKey="board"
        variant="board"
        text={`This screen ran into a problem. It reloads by itself in ${BOARD_RELOAD_SECONDS} seconds.`}
        after={<BoardReload />}
        where="the display board"
      >
        {route ? <Board route={route} /> : <BoardMessage kind="empty" />}
      </ErrorBoundary>
    </StrictMode>,
  );
}
