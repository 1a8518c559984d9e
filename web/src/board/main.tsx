import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { boardMessages, parseBoardRoute } from '@gavel/domain';
import { Board } from './Board';
import './board.css';

const route = parseBoardRoute(window.location.pathname, window.location.search);
const root = document.getElementById('board-root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      {route ? (
        <Board route={route} />
      ) : (
        <main className="board board-message" data-testid="board">
          <p data-testid="board-empty">{boardMessages.noItems}</p>
        </main>
      )}
    </StrictMode>,
  );
}
