import { useState } from 'react';
import { IonButton } from '@ionic/react';
import { useQueryClient } from '@tanstack/react-query';
import { storeDiscountRequest } from '@gavel/domain';
import { api } from '../../api/client';
import '../../api/storeCalls';
import { patchCartDiscount } from '../../queries/store';
import { storeCartToken } from '../../session/cartToken';
import { useSession } from '../../session/SessionProvider';
import { FormError } from '../../ui/Field';
import { FormField, useApiForm } from '../../ui/form';
import { useCartCall } from './storeCalls';

/**
 * The promo code: Apply sends it ('' takes the code off). A refused code's message is shown in red
 * under the field, and the discount is 0 (the server has taken any code off the cart).
 */
export function PromoCode({ code, disabled }: { code: string; disabled: boolean }) {
  const { eventcode } = useSession();
  const client = useQueryClient();
  const cartCall = useCartCall();
  const [applied, setApplied] = useState('');
  const promo = useApiForm({
    schema: storeDiscountRequest,
    defaultValues: { discountcode: code },
    submit: async ({ discountcode }) => {
      setApplied('');
      const answer = await cartCall((token) => api('POST /storecartdiscount', { discountcode }, { token }));
      patchCartDiscount(client, eventcode, answer);
      // A code that changed the cart renewed its hold: the new token carries the new end.
      storeCartToken(eventcode, answer.token);
      if (answer.status === 'failure') throw new Error(answer.message);
      return answer;
    },
    onSuccess: (answer) => setApplied(answer.message),
  });
  return (
    <form className="gavel-store-promo" noValidate onSubmit={(e) => void promo.onSubmit(e)}>
      <div className="gavel-store-promo-row">
        <FormField
          form={promo.form}
          name="discountcode"
          label="Promo Code"
          autoCapitalize="characters"
          disabled={disabled}
          testId="promo-input"
        />
        <IonButton type="submit" fill="outline" disabled={disabled || promo.busy} data-testid="promo-apply">
          Apply
        </IonButton>
      </div>
      <FormError message={promo.message} testId="promo-message" />
      {applied && !promo.message ? (
        <p className="gavel-store-promo-ok" role="status" data-testid="promo-message">
          {applied}
        </p>
      ) : null}
    </form>
  );
}
