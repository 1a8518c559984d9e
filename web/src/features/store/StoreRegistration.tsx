import type { StoreCartResponse } from '@gavel/domain';
import { registrationMessages } from '@gavel/domain';
import { useGuestGroups } from '../../queries/registration';
import { useCartToken } from '../../session/cartToken';
import { useSession } from '../../session/SessionProvider';
import { Loading } from '../../ui/Loading';
import { GuestGroups } from '../registration/GuestGroups';
import { AmountsList } from './storeDialogs';

/**
 * The Registration tab, enabled once a purchase with seats is checked out: what was bought and
 * how it was paid, then the purchase's groups (with the checked-out cart's token), each guest
 * opening the edit dialog.
 */
export function StoreRegistration({ cart }: { cart: StoreCartResponse | undefined }) {
  const { eventcode } = useSession();
  const token = useCartToken(eventcode);
  const groups = useGuestGroups(token);
  if (!cart) return <Loading />;
  return (
    <div data-testid="store-registration">
      <section className="gavel-card">
        <h2 className="gavel-store-card-title">Your Order</h2>
        <ul className="gavel-pay-lines">
          {cart.cartitems.map((l) => (
            <li key={l.itemid}>
              <span>
                {l.quantity} × {l.name}
              </span>
            </li>
          ))}
        </ul>
        <AmountsList
          amounts={{
            subtotal: cart.subtotal,
            discount: cart.discountamount,
            donation: cart.additionaldonation,
            fee: cart.ccfeesamount,
            total: cart.totalamount + cart.ccfeesamount,
          }}
          method={cart.paymentmethod}
          card={cart.card}
          testPrefix="registration"
        />
      </section>
      <h2 className="gavel-store-heading">{registrationMessages.yourGuests}</h2>
      <p className="gavel-guest-lead">{registrationMessages.assign}</p>
      {groups.isPending && token ? <Loading /> : null}
      {groups.isError ? (
        <p className="gavel-error" role="alert" data-testid="registration-error">
          {groups.error.message}
        </p>
      ) : null}
      {token && groups.data ? <GuestGroups token={token} groups={groups.data.groups} /> : null}
      <p className="gavel-store-note" data-testid="registration-note">
        Your receipt email has the Update Registration link, to change your guests later.
      </p>
    </div>
  );
}
