import { useEffect, useState } from 'react';
import { boardCountdown, boardMessages, boardPageCount, boardTitle, type BoardRoute } from '@gavel/domain';
import { useBoard } from './useBoard';
import { ListView } from './ListView';
import { DetailView } from './DetailView';
import { BoardSide } from './BoardSide';
import { Sponsors } from './Sponsors';

/** The slide shown now: a counter that moves every `timeframe` seconds (the detail view's item, the list's page). */
function useSlide(seconds: number, running: boolean): number {
  const [slide, setSlide] = useState(0);
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setSlide((n) => n + 1), seconds * 1_000);
    return () => clearInterval(t);
  }, [seconds, running]);
  return slide;
}

/** The whole screen says one thing: 'Loading Auction Data...', or 'No items found. Please check your URL.'. */
export function BoardMessage({ view, kind }: { view?: BoardRoute['view']; kind: 'loading' | 'empty' }) {
  return (
    <main className="board board-message" data-testid="board" data-view={view}>
      {kind === 'loading' ? (
        <p data-testid="board-loading" role="status">
          {boardMessages.loading}
        </p>
      ) : (
        <p data-testid="board-empty">{boardMessages.noItems}</p>
      )}
    </main>
  );
}

/**
 * The venue display board: one item at a time (detail) or pages of cards (list), with the bid
 * address and its code, the total raised, the latest bids and the sponsors always on screen.
 */
export function Board({ route }: { route: BoardRoute }) {
  const { state, live, now, clock, reconnect } = useBoard(route);
  const board = state.board;
  const hasItems = state.items.length > 0;
  const slide = useSlide(route.timeframeSeconds, hasItems);

  if (state.phase === 'missing' || (board && !hasItems)) return <BoardMessage view={route.view} kind="empty" />;
  if (!board) return <BoardMessage view={route.view} kind="loading" />;

  // The item (detail) or page (list) on screen now; the slide counter wraps around them.
  const position =
    slide % (route.view === 'detail' ? state.items.length : boardPageCount(state.items.length, route.pageSize));
  const countdown = boardCountdown(new Date(now), new Date(board.biddingopens), new Date(board.biddingcloses));
  return (
    <main
      className={`board board-view-${route.view}`}
      data-testid="board"
      data-view={route.view}
      data-live={live}
      data-page={position}
    >
      <header className="board-header">
        {board.logourl ? <img className="board-logo" src={board.logourl} alt="" /> : null}
        <div className="board-heading">
          <p className="board-event">{board.eventname}</p>
          <h1 data-testid="board-title">{boardTitle(board.location)}</h1>
        </div>
        <p
          className={`board-countdown${countdown.closed ? ' board-countdown-closed' : ''}`}
          data-testid="board-countdown"
        >
          {countdown.text}
        </p>
      </header>
      <section className="board-main" aria-live="off">
        {route.view === 'detail' ? (
          <DetailView
            state={state}
            index={position}
            clock={clock}
            now={now}
            opens={board.biddingopens}
            message={board.message}
          />
        ) : (
          <ListView
            state={state}
            page={position}
            clock={clock}
            now={now}
            opens={board.biddingopens}
            pageSize={route.pageSize}
          />
        )}
      </section>
      <BoardSide board={board} raised={state.raised} ticker={state.ticker} />
      <Sponsors urls={board.sponsorurl} clock={clock} />
      {live === 'disconnected' || live === 'reconnecting' ? (
        <div className="board-live" role="status">
          <span>{boardMessages.reconnecting}</span>
          <button type="button" onClick={reconnect} data-testid="board-reconnect">
            {boardMessages.reconnect}
          </button>
        </div>
      ) : null}
    </main>
  );
}
