import { useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import type { PaymentProcessorInfo } from '@gavel/domain';
import { cardErrorNotice } from './cardErrors';
import type { CardEntryLink } from './useCardEntry';

/** What the hosted form may say; anything else is ignored. */
const frameMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('gavel-card'), cryptogram: z.string().min(1), brand: z.string(), last4: z.string() }),
  z.object({ type: z.literal('gavel-card-invalid'), reason: z.enum(['empty', 'fields', 'cancelled']) }),
  z.object({ type: z.literal('gavel-card-cleared') }),
  z.object({ type: z.literal('gavel-card-height'), height: z.number().positive().max(4000) }),
  z.object({ type: z.literal('gavel-card-error'), message: z.string() }),
  z.object({ type: z.literal('gavel-card-state'), empty: z.boolean(), complete: z.boolean() }),
  z.object({ type: z.literal('gavel-card-confirm') }),
]);

/** Tall enough for the form before it reports its own height. */
const FIRST_HEIGHT = 520;

/**
 * The test gateway's hosted card form (processor code 1) in an iframe. The page asks it for the
 * card with 'gavel-card-take'; it answers with a cryptogram, or says there is none to give.
 */
export function HostedCardForm({
  info,
  eventcode,
  link,
}: {
  info: PaymentProcessorInfo;
  eventcode: string;
  link: CardEntryLink;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(FIRST_HEIGHT);
  // The form has said it is ready (its first state): asked before that, it could not answer.
  const ready = useRef(false);
  // The page's question waiting for the form's answer.
  const waiting = useRef<((token: string | null) => void) | null>(null);
  const { taker, onToken, onState } = link;

  // The form's origin as the server names it, else the origin its address resolves to (our own).
  const formOrigin = info.iframeorigin || new URL(info.iframeurl, window.location.href).origin;
  const src = useMemo(() => {
    const query = new URLSearchParams({ eventcode, origin: window.location.origin });
    return `${info.iframeurl}${info.iframeurl.includes('?') ? '&' : '?'}${query.toString()}`;
  }, [info.iframeurl, eventcode]);

  useEffect(() => {
    const answer = (token: string | null) => {
      const resolve = waiting.current;
      waiting.current = null;
      resolve?.(token);
    };
    const bringIntoView = () => frame.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    const onMessage = (event: MessageEvent) => {
      // Only our own frame, from the origin the server named: no other window can hand us a card.
      if (event.origin !== formOrigin || event.source !== frame.current?.contentWindow) return;
      const parsed = frameMessage.safeParse(event.data);
      if (!parsed.success) return;
      const msg = parsed.data;
      switch (msg.type) {
        case 'gavel-card':
          onToken(msg.cryptogram);
          return answer(msg.cryptogram);
        case 'gavel-card-invalid':
          // Its fields say what is wrong, beside them: the buyer must see them.
          if (msg.reason === 'fields') bringIntoView();
          return answer(null);
        case 'gavel-card-cleared':
          return onToken(null);
        case 'gavel-card-height':
          return setHeight(Math.ceil(msg.height));
        case 'gavel-card-state':
          ready.current = true;
          return onState({ empty: msg.empty, complete: msg.complete });
        case 'gavel-card-confirm':
          return bringIntoView();
        case 'gavel-card-error':
          cardErrorNotice(msg.message);
          return answer(null);
      }
    };
    window.addEventListener('message', onMessage);
    taker.current = {
      take: () =>
        new Promise<string | null>((resolve) => {
          const target = frame.current?.contentWindow;
          if (!target || !ready.current) return resolve(null);
          // One question at a time: an earlier one still waiting gets the same answer.
          const earlier = waiting.current;
          waiting.current = (token) => {
            earlier?.(token);
            resolve(token);
          };
          target.postMessage({ type: 'gavel-card-take' }, formOrigin);
        }),
    };
    return () => {
      window.removeEventListener('message', onMessage);
      taker.current = null;
      answer(null);
    };
  }, [formOrigin, taker, onToken, onState]);

  return (
    <iframe
      ref={frame}
      src={src}
      title="Card entry"
      className="gavel-card-frame"
      style={{ height }}
      data-testid="card-frame"
    />
  );
}
