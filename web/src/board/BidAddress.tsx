import { Fragment, useLayoutEffect, useRef } from 'react';
import { boardAddressParts } from '@gavel/domain';

/**
 * The short bid address under the QR code, written so it may only break where an address reads
 * naturally split (after a '/', before a '.'), never inside a word. Should one piece still be
 * wider than its box (a narrow portrait screen, a long event code), the text is made smaller until
 * it fits, measured once per address and per change of the screen's size.
 */
export function BidAddress({ address }: { address: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fit = () => {
      // Start again from the stylesheet's size, then shrink by how much the widest piece overflows.
      el.style.removeProperty('font-size');
      const room = el.clientWidth;
      const widest = Math.max(
        0,
        ...Array.from(el.querySelectorAll('.board-bidurl-part'), (part) => part.getBoundingClientRect().width),
      );
      if (room <= 0 || widest <= room) return;
      const size = parseFloat(getComputedStyle(el).fontSize);
      el.style.fontSize = `${Math.floor(size * (room / widest) * 10) / 10}px`;
    };
    fit();
    let alive = true;
    // Widths change once the web fonts arrive.
    void document.fonts.ready.then(() => {
      if (alive) fit();
    });
    window.addEventListener('resize', fit);
    return () => {
      alive = false;
      window.removeEventListener('resize', fit);
    };
  }, [address]);
  return (
    <p ref={ref} className="board-bidurl" data-testid="board-bidurl">
      {boardAddressParts(address).map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          <span className="board-bidurl-part" data-testid="board-bidurl-part">
            {part}
          </span>
        </Fragment>
      ))}
    </p>
  );
}
