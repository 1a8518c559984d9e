import { useRef } from 'react';
import { BOARD_SPONSOR_PAGE_MS, BOARD_SPONSORS_PER_PAGE, boardPage, boardPageCount } from '@gavel/domain';

/**
 * The sponsors' logos along the bottom, each tall enough to read across a room, its shape kept.
 * More than fit take turns with the board's one clock (`clock`, ms), so a long list of sponsors
 * never shrinks every logo to a smudge.
 */
export function Sponsors({ urls, clock }: { urls: string[]; clock: number }) {
  // Counted from when the board started, so it opens on the first sponsors.
  const started = useRef(clock);
  const pages = boardPageCount(urls.length, BOARD_SPONSORS_PER_PAGE);
  const page = pages > 1 ? Math.floor(Math.max(0, clock - started.current) / BOARD_SPONSOR_PAGE_MS) % pages : 0;
  return (
    <footer className="board-sponsors" data-testid="board-sponsors">
      {urls.length > 0 ? <span className="board-sponsors-label">Thank you to our sponsors</span> : null}
      <div key={page} className={`board-sponsor-logos${pages > 1 ? ' board-fade' : ''}`} data-page={page}>
        {boardPage(urls, page, BOARD_SPONSORS_PER_PAGE).map((url, i) => (
          <img key={`${i}-${url}`} src={url} alt="Sponsor" data-testid="board-sponsor" />
        ))}
      </div>
    </footer>
  );
}
