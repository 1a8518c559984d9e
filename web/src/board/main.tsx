import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { parseBoardRoute } from '@gavel/domain';
import { Board, BoardMessage } from './Board';
import './board.css';
import './board-side.css';

const route = parseBoardRoute(window.location.pathname, window.location.search);
const root = document.getElementById('board-root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      {route ? <Board route={route} /> : <BoardMessage kind="empty" />}
    </StrictMode>,
  );
}
