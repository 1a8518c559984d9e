import type { StoreCartResponse } from '@gavel/domain';
import { Loading } from '../../ui/Loading';
import { AmountsList } from './storeDialogs';

/**
 * The Registration tab, enabled once the cart is checked out: the order, and where the link to
 * assign guests is. (Assigning guests on this tab comes with the purchaser registration page.)
 */
export function StoreRegistration({ cart }: { cart: StoreCartResponse | undefined }) {
  if (!cart) return <Loading />;
  return (
    <section className="gavel-card" data-testid="store-registration">
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
        amounts={{ subtotal: cart.subtotal, discount: cart.discountamount, donation: cart.additionaldonation, fee: cart.ccfeesamount, total: cart.totalamount + cart.ccfeesamount }}
        method={cart.paymentmethod}
        card={cart.card}
        testPrefix="registration"
      />
      <p className="gavel-store-note" data-testid="registration-note">
        For tickets, your receipt email has the link to assign your guests and fill in their registration.
      </p>
    </section>
  );
}
