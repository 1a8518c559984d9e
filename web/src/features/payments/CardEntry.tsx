import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { checkoutMessages, type PaymentProcessorInfo, PROCESSOR_STRIPE, PROCESSOR_TEST, type ProcessorCode } from '@gavel/domain';
import { Loading } from '../../ui/Loading';
import { cardErrorNotice } from './cardErrors';
import './payments.css';

/**
 * The card entry of the event's processor: the test gateway's hosted form in an iframe (code 1),
 * or Stripe's Payment Element (code 2, loaded on demand so its code is fetched only for such
 * events). Either way the page is handed a processor token, or null when the card is cleared.
 */
export interface CardEntryProps {
  info: PaymentProcessorInfo;
  code: ProcessorCode;
  eventcode: string;
  onToken: (token: string | null) => void;
}

const StripeCard = lazy(async () => ({ default: (await import('./StripeCard')).StripeCard }));

export function CardEntry({ info, code, eventcode, onToken }: CardEntryProps) {
  if (code === PROCESSOR_TEST) return <HostedCardForm info={info} eventcode={eventcode} onToken={onToken} />;
  if (code === PROCESSOR_STRIPE)
    return (
      <Suspense fallback={<Loading />}>
        <StripeCard info={info} onToken={onToken} />
      </Suspense>
    );
  return (
    <p className="gavel-muted" data-testid="no-processor">
      {checkoutMessages.noProcessor}
    </p>
  );
}

/** What the hosted form may say; anything else is ignored. */
const frameMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('gavel-card'), cryptogram: z.string().min(1), brand: z.string(), last4: z.string() }),
  z.object({ type: z.literal('gavel-card-cleared') }),
  z.object({ type: z.literal('gavel-card-height'), height: z.number().positive().max(4000) }),
  z.object({ type: z.literal('gavel-card-error'), message: z.string() }),
]);

/** Tall enough for the form before it reports its own height. */
const FIRST_HEIGHT = 560;

function HostedCardForm({ info, eventcode, onToken }: { info: PaymentProcessorInfo; eventcode: string; onToken: (token: string | null) => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(FIRST_HEIGHT);
  // The latest handler, without re-subscribing to messages on every render of the page.
  const tokenTo = useRef(onToken);
  useEffect(() => {
    tokenTo.current = onToken;
  }, [onToken]);

  // The form's origin as the server names it, else the origin its address resolves to (our own).
  const formOrigin = info.iframeorigin || new URL(info.iframeurl, window.location.href).origin;
  const src = useMemo(() => {
    const query = new URLSearchParams({ eventcode, origin: window.location.origin });
    return `${info.iframeurl}${info.iframeurl.includes('?') ? '&' : '?'}${query.toString()}`;
  }, [info.iframeurl, eventcode]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only our own frame, from the origin the server named: no other window can hand us a card.
      if (event.origin !== formOrigin || event.source !== frame.current?.contentWindow) return;
      const parsed = frameMessage.safeParse(event.data);
      if (!parsed.success) return;
      const msg = parsed.data;
      if (msg.type === 'gavel-card') tokenTo.current(msg.cryptogram);
      else if (msg.type === 'gavel-card-cleared') tokenTo.current(null);
      else if (msg.type === 'gavel-card-height') setHeight(Math.ceil(msg.height));
      else cardErrorNotice(msg.message);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [formOrigin]);

  return <iframe ref={frame} src={src} title="Card entry" className="gavel-card-frame" style={{ height }} data-testid="card-frame" />;
}

/**
 * Finishes, in the browser, a payment or card that the bank asked the bidder to confirm (the
 * server's requires_action answer). Stripe shows its own confirmation; the test gateway asks in
 * its form before issuing a token, so it never needs this. Answers whether it was confirmed (a
 * refusal has already been shown as the card error).
 */
export function useCardAction(code: ProcessorCode | undefined, info: PaymentProcessorInfo | undefined) {
  const confirm = useCallback(
    async (clientsecret: string): Promise<boolean> => {
      if (code !== PROCESSOR_STRIPE || !info) {
        cardErrorNotice(undefined);
        return false;
      }
      const { confirmNextAction } = await import('./stripeClient');
      return confirmNextAction(info, clientsecret);
    },
    [code, info],
  );
  return { confirm };
}
