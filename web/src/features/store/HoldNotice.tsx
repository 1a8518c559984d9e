import { IonButton } from '@ionic/react';
import { holdLeftText, holdMessages, holdWarning } from '@gavel/domain';
import type { CartHold } from './useCartHold';
import './hold.css';

/**
 * The hold's banner under the countdown: two minutes before the hold ends, the time left and
 * "Keep my cart" while the cart's lifetime allows (with the latest it can be kept to), otherwise
 * when the cart will be let go; once the hold has ended, that the cart was let go and a way to
 * start again. Polite: the words are announced when the banner comes, not every second.
 */
export function HoldNotice({ hold, onCart }: { hold: CartHold; onCart?: () => void }) {
  const { state } = hold;
  if (state.kind === 'letgo')
    return (
      <section className="gavel-hold gavel-hold-letgo" role="status" aria-live="polite" data-testid="hold-letgo">
        <div className="gavel-hold-text">
          <h2 className="gavel-hold-title">{holdMessages.letGoTitle}</h2>
          <p>{holdMessages.letGoText}</p>
        </div>
        <IonButton size="small" data-testid="hold-start-again" onClick={hold.startAgain}>
          {holdMessages.startAgain}
        </IonButton>
      </section>
    );
  const warning = holdWarning(state);
  if (!warning) return null;
  const renewable = state.kind === 'renewable';
  return (
    <section
      className={`gavel-hold ${renewable ? 'gavel-hold-warn' : 'gavel-hold-final'}`}
      aria-labelledby="gavel-hold-title"
      data-testid="hold-warning"
      data-kind={state.kind}
    >
      <div className="gavel-hold-text">
        {/* Announced once as it appears (and when it turns final); the ticking time is a timer, which is not read out. */}
        <div role="status" aria-live="polite">
          <h2 className="gavel-hold-title" id="gavel-hold-title">
            {warning.title}
          </h2>
          {renewable ? (
            <p>
              {holdMessages.warnLeftLead}{' '}
              <span role="timer" className="gavel-hold-left" data-testid="hold-left">
                {holdLeftText(state.left)}
              </span>
              .
            </p>
          ) : (
            <p data-testid="hold-final">{warning.text}</p>
          )}
        </div>
        {warning.note ? (
          <p className="gavel-hold-note" data-testid="hold-latest">
            {warning.note}
          </p>
        ) : null}
        {hold.refusal ? (
          <p className="gavel-error" role="alert" data-testid="hold-refusal">
            {hold.refusal}
          </p>
        ) : null}
      </div>
      {renewable ? (
        <IonButton size="small" disabled={hold.keeping} data-testid="hold-keep" onClick={hold.keep}>
          {hold.keeping ? holdMessages.keeping : holdMessages.keep}
        </IonButton>
      ) : onCart ? (
        <IonButton size="small" fill="outline" data-testid="hold-go-to-cart" onClick={onCart}>
          {holdMessages.goToCart}
        </IonButton>
      ) : null}
    </section>
  );
}
