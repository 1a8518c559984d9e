import { useEffect, useState } from 'react';
import { checkinCode } from '@gavel/domain';
import './checkinCode.css';

/** The QR as an image: drawn here from text we made, and an image cannot run anything inside it. */
const svgImage = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * "My check-in code": a QR of the bidder's number for the check-in desk's scanner. It holds the
 * number only (already public on the paddle), no secret. The QR library is fetched with this
 * block, never with the app's first load.
 */
export function CheckinCode({ number }: { number: number }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    void import('uqr').then(({ renderSVG }) => {
      if (alive) setSvg(renderSVG(checkinCode(number), { ecc: 'M', border: 2 }));
    });
    return () => {
      alive = false;
    };
  }, [number]);
  return (
    <section className="gavel-checkin-code" aria-labelledby="checkin-code-title" data-testid="checkin-code">
      <h2 id="checkin-code-title">My check-in code</h2>
      <p className="gavel-muted">Show this at the check-in desk: it says you are bidder #{number}.</p>
      <div className="gavel-checkin-code-box">
        {svg && <img src={svgImage(svg)} alt={`Check-in code for bidder ${number}`} data-testid="checkin-code-qr" />}
      </div>
    </section>
  );
}
