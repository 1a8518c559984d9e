import type { ComponentProps } from 'react';
import { IonItem } from '@ionic/react';
import {
  feeLabel,
  methodFor,
  paymentMethodLabels,
  readStoreDonation,
  STORE_CHECKOUT_ORDER,
  type StoreCartResponse,
  type StoreCheckoutFields,
  storeMessages,
  US_STATES,
} from '@gavel/domain';
import { useSession } from '../../session/SessionProvider';
import { Field } from '../../ui/Field';
import { FormField } from '../../ui/form';
import { IonCheckbox } from '../../ui/ionicControls';
import { Loading } from '../../ui/Loading';
import { CardEntry } from '../payments/CardEntry';
import { PaymentAmounts } from '../payments/PaymentAmounts';
import { PromoCode } from './PromoCode';
import { StoreLines } from './StoreLines';
import { checkoutFieldId } from './checkoutFields';
import './checkout.css';
import type { StoreCheckout } from './useStoreCheckout';

/** The id the bar's Checkout button submits. */
export const CHECKOUT_FORM_ID = 'store-checkout';

type FieldName = keyof StoreCheckoutFields;

/**
 * A checkout field's problem, beside the field. Every problem shows at once; only the first, in
 * the spec's order, is announced (it is also the one focused).
 */
function Problem({
  name,
  message,
  first,
  testId,
}: {
  name: FieldName;
  message: string | undefined;
  first: boolean;
  testId: string;
}) {
  if (!message) return null;
  return (
    <p
      id={`${checkoutFieldId(name)}-error`}
      className="gavel-error gavel-store-problem"
      role={first ? 'alert' : undefined}
      data-testid={`${testId}-error`}
    >
      {message}
    </p>
  );
}

type BillingProps = { checkout: StoreCheckout; name: FieldName; first: FieldName | undefined } & Omit<
  ComponentProps<typeof FormField<StoreCheckoutFields>>,
  'form' | 'name'
>;

/** A billing field with its problem under it, marked while it has one. */
function BillingField({ checkout, name, first, ...field }: BillingProps) {
  const message = checkout.form.formState.errors[name]?.message;
  return (
    <div id={checkoutFieldId(name)} className={`gavel-store-billing${message ? ' gavel-store-invalid' : ''}`}>
      <FormField form={checkout.form} name={name} {...field} />
      <Problem name={name} message={message} first={first === name} testId={field.testId} />
    </div>
  );
}

/** Whole dollars, at most the cap, as the box keeps them (spec section 5). */
function donationText(typed: string): string {
  return typed.trim() === '' ? '' : String(readStoreDonation(typed) / 100);
}

/**
 * The Cart tab: the lines, subtotal, additional donation, promo code, the fee box, total, billing
 * fields, payment method and card entry. A checked-out cart shows its final values, every input
 * disabled; an expired one can no longer be checked out.
 */
export function StoreCart({
  cart,
  checkout,
  locked,
  failed,
}: {
  cart: StoreCartResponse | undefined;
  checkout: StoreCheckout;
  locked: boolean;
  failed: string;
}) {
  const { eventcode } = useSession();
  const { form, amounts, values } = checkout;
  const errors = form.formState.errors;
  const firstProblem = STORE_CHECKOUT_ORDER.find((name) => errors[name]?.message);
  if (!cart)
    return failed ? (
      <p className="gavel-error" role="alert" data-testid="cart-load-error">
        {failed}
      </p>
    ) : (
      <Loading />
    );
  const done = cart.hascheckedout;
  const off = done || locked;
  const method = done ? cart.paymentmethod : methodFor(amounts.total, values.method);
  return (
    <>
      <section className="gavel-card" aria-label="Cart">
        <h2 className="gavel-store-card-title">Your Order</h2>
        {cart.cartitems.length === 0 ? (
          <p className="gavel-muted" data-testid="cart-empty">
            {storeMessages.noItems}
          </p>
        ) : (
          <StoreLines lines={cart.cartitems} testIdPrefix="cart-line-" />
        )}
        <PaymentAmounts amounts={{ subtotal: amounts.subtotal }} testIdPrefix="cart" />
      </section>

      <section className="gavel-card" aria-label="Donation and promo code">
        {cart.paymentprocessorisvalid ? (
          <Field
            label="Additional Donation ($)"
            inputMode="numeric"
            placeholder="0"
            value={values.donation}
            disabled={off}
            testId="donation-input"
            // Whole dollars up to the cap: the box shows only what is kept (React puts it back when unchanged).
            onChange={(v) => form.setValue('donation', donationText(v))}
          />
        ) : null}
        <PromoCode
          key={`${done}`}
          code={cart.discountcode}
          disabled={off || (amounts.total === 0 && !cart.hasdiscount)}
        />
        {/* Nothing to pay, or Bill Me: no card fee to cover. */}
        {cart.allowpaymentoffees && checkout.feeOffered > 0 ? (
          <IonItem lines="none" className="gavel-field gavel-fee-box">
            <IonCheckbox
              labelPlacement="end"
              justify="start"
              checked={values.coverFee}
              disabled={off}
              data-testid="fee-checkbox"
              onIonChange={(e) => form.setValue('coverFee', e.detail.checked)}
            >
              <span style={{ whiteSpace: 'normal' }}>{feeLabel(cart.ccfee, checkout.feeOffered)}</span>
            </IonCheckbox>
          </IonItem>
        ) : null}
        <PaymentAmounts
          amounts={{ discount: amounts.discount, donation: amounts.donation, fee: amounts.fee, total: amounts.total }}
          discountCode={cart.discountcode}
          testIdPrefix="cart"
        />
      </section>

      <form
        id={CHECKOUT_FORM_ID}
        className="gavel-card"
        noValidate
        aria-busy={checkout.busy}
        onSubmit={(e) => void checkout.onSubmit(e)}
      >
        <h2 className="gavel-store-card-title">Billing Information</h2>
        <div className="gavel-store-pair">
          <BillingField
            checkout={checkout}
            first={firstProblem}
            name="first"
            label="First Name"
            autoComplete="given-name"
            disabled={off}
            testId="billing-first"
          />
          <BillingField
            checkout={checkout}
            first={firstProblem}
            name="last"
            label="Last Name"
            autoComplete="family-name"
            disabled={off}
            testId="billing-last"
          />
        </div>
        <BillingField
          checkout={checkout}
          first={firstProblem}
          name="address"
          label="Address"
          autoComplete="street-address"
          disabled={off}
          testId="billing-address"
        />
        <BillingField
          checkout={checkout}
          first={firstProblem}
          name="city"
          label="City"
          autoComplete="address-level2"
          disabled={off}
          testId="billing-city"
        />
        <div className="gavel-store-pair">
          <div
            id={checkoutFieldId('state')}
            className={`gavel-store-billing${errors.state ? ' gavel-store-invalid' : ''}`}
          >
            <label className={`gavel-select${off ? ' gavel-store-off' : ''}`}>
              <span>State</span>
              <select
                value={values.state}
                autoComplete="address-level1"
                disabled={off}
                data-testid="billing-state"
                onChange={(e) => form.setValue('state', e.target.value, { shouldValidate: form.formState.isSubmitted })}
              >
                {US_STATES.map((code) => (
                  <option key={code}>{code}</option>
                ))}
              </select>
            </label>
            <Problem
              name="state"
              message={errors.state?.message}
              first={firstProblem === 'state'}
              testId="billing-state"
            />
          </div>
          <BillingField
            checkout={checkout}
            first={firstProblem}
            name="zip"
            label="Zip"
            inputMode="numeric"
            autoComplete="postal-code"
            disabled={off}
            testId="billing-zip"
          />
        </div>
        <BillingField
          checkout={checkout}
          first={firstProblem}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          disabled={off}
          testId="billing-email"
        />

        <h2 className="gavel-store-card-title">Payment</h2>
        {cart.billme && !done && method !== 'FREE' ? (
          <label className={`gavel-select${off ? ' gavel-store-off' : ''}`}>
            <span>Payment Method</span>
            <select
              value={values.method}
              disabled={off}
              data-testid="payment-method"
              onChange={(e) =>
                form.setValue('method', e.target.value === 'BILLME' ? 'BILLME' : 'CREDIT', {
                  shouldValidate: form.formState.isSubmitted,
                })
              }
            >
              <option value="CREDIT">{paymentMethodLabels.CREDIT}</option>
              <option value="BILLME">{paymentMethodLabels.BILLME}</option>
            </select>
          </label>
        ) : (
          <p className="gavel-store-method" data-testid="payment-method-shown">
            Payment Method: <strong>{paymentMethodLabels[method]}</strong>
          </p>
        )}
        {method === 'CREDIT' && !off ? (
          cart.paymentprocessorisvalid ? (
            <div id={checkoutFieldId('cardtoken')} className="gavel-store-billing gavel-store-card-problem">
              <Problem
                name="cardtoken"
                message={errors.cardtoken?.message}
                first={firstProblem === 'cardtoken'}
                testId="card-entry"
              />
              <CardEntry
                info={cart.paymentprocessorinfo}
                code={cart.paymentprocessorcode}
                eventcode={eventcode}
                link={checkout.card.link}
              />
            </div>
          ) : (
            <p className="gavel-muted" data-testid="no-processor">
              {storeMessages.noProcessor}
            </p>
          )
        ) : null}
      </form>
    </>
  );
}
