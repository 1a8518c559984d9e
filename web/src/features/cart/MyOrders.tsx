import { useQuery } from '@tanstack/react-query';
import type { OrderItem, SessionUser } from '@gavel/domain';
import { formatClosingTime, formatMoney, TEST_PAYMENT_NOTE } from '@gavel/domain';
import { api } from '../../api/client';
import { keys } from '../../queries/keys';
import { useSession } from '../../session/SessionProvider';
import { signedIn } from '../../session/guards';
import { Page } from '../../ui/Page';
import { PurchaseLine } from '../../ui/PurchaseLine';
import { Loading } from '../../ui/Loading';
import '../payments/payments.css';
import './pickupCode.css';
import { PaymentsCard } from './PhoneBalance';

interface Order {
  checkoutid: number;
  orderdate: string;
  paid: boolean;
  paidwith: string;
  testpayment: boolean;
  items: OrderItem[];
}

/** The order history's lines, one group per checkout, in the order the server lists them. */
function ordersOf(items: readonly OrderItem[]): Order[] {
  const byId = new Map<number, Order>();
  for (const item of items) {
    const order = byId.get(item.checkoutid);
    if (order) order.items.push(item);
    else
      byId.set(item.checkoutid, {
        checkoutid: item.checkoutid,
        orderdate: item.orderdate,
        paid: item.paid,
        paidwith: item.paidwith,
        testpayment: item.testpayment,
        items: [item],
      });
  }
  return [...byId.values()];
}

function orderDate(text: string): string {
  return Number.isNaN(Date.parse(text)) ? text : formatClosingTime(text);
}

function OrderGroup({ order }: { order: Order }) {
  const first = order.items[0];
  return (
    <section className="gavel-card" data-testid="order-group" aria-labelledby={`order-${order.checkoutid}`}>
      <div className="gavel-order-head">
        <h2 id={`order-${order.checkoutid}`}>Order #{order.checkoutid}</h2>
        <span className={`gavel-order-state${order.paid ? '' : ' unpaid'}`} data-testid="order-state">
          {order.paid ? 'Paid' : 'Not paid yet'}
        </span>
      </div>
      <p className="gavel-muted gavel-order-meta">
        {order.orderdate ? <span data-testid="order-date">{orderDate(order.orderdate)}</span> : null}
        {order.orderdate && order.paidwith ? ' · ' : null}
        {order.paidwith ? <span data-testid="order-paid-with">{order.paidwith}</span> : null}
      </p>
      {order.testpayment ? (
        <p className="gavel-order-meta">
          <span className="gavel-order-state unpaid" data-testid="order-test-payment">
            {TEST_PAYMENT_NOTE}
          </span>
        </p>
      ) : null}
      <ul className="gavel-order-lines" aria-label="Items">
        {order.items.map((o) => (
          <li key={`${o.checkoutid}-${o.itemid}`} data-testid="order-item">
            <div className="gavel-order-line">
              <PurchaseLine {...o} />
            </div>
            {o.location || o.pickupinstructions ? (
              <div className="gavel-pickup" data-testid="order-pickup">
                {o.location ? (
                  <p>
                    <strong>Pickup location:</strong> {o.location}
                  </p>
                ) : null}
                {o.pickupinstructions ? (
                  <p>
                    <strong>Pickup:</strong> {o.pickupinstructions}
                  </p>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {first && first.orderdonation > 0 ? (
        <p className="gavel-order-sum">
          Additional donation <span>{formatMoney(first.orderdonation)}</span>
        </p>
      ) : null}
      {first && first.orderfee > 0 ? (
        <p className="gavel-order-sum">
          Card fee covered <span>{formatMoney(first.orderfee)}</span>
        </p>
      ) : null}
      <p className="gavel-order-sum">
        Total <strong data-testid="order-total">{first ? formatMoney(first.ordertotal) : ''}</strong>
      </p>
    </section>
  );
}

/** The bidder's pickup code, as on their receipts: large for a volunteer to read, and its QR (an image the server draws). */
function PickupCode({ code, qrurl }: { code: string; qrurl: string }) {
  return (
    <section className="gavel-card gavel-pickup-code" data-testid="pickup-code" aria-labelledby="pickup-code-title">
      <h2 id="pickup-code-title">Your pickup code</h2>
      <p className="gavel-pickup-code-value" data-testid="pickup-code-value">
        {code}
      </p>
      <img src={qrurl} width={180} height={180} alt={`QR code of pickup code ${code}`} loading="lazy" />
      <p className="gavel-muted">Show this code (or its QR code) at the pickup desk to collect your items.</p>
    </section>
  );
}

/** Order History: purchases completed at checkout, grouped by order, with their pickup details and pickup code. */
function MyOrdersPage(_props: { user: SessionUser }) {
  const { eventcode } = useSession();
  const orders = useQuery({ queryKey: keys.orders(eventcode), queryFn: () => api('GET /myorders') });
  const items = orders.data?.orderitems ?? [];
  return (
    <Page header="main" testId="my-orders-page">
      <h1 style={{ marginTop: 0 }}>Order History</h1>
      {orders.isPending ? <Loading /> : null}
      {orders.data && items.length === 0 && orders.data.payments.length === 0 ? (
        <section className="gavel-card gavel-center" data-testid="orders-empty">
          <p style={{ fontWeight: 700 }}>You have no completed purchases.</p>
          <p className="gavel-muted">After checkout, your purchase history will be displayed here.</p>
        </section>
      ) : null}
      {orders.data?.pickup ? <PickupCode {...orders.data.pickup} /> : null}
      {ordersOf(items).map((order) => (
        <OrderGroup key={order.checkoutid} order={order} />
      ))}
      {orders.data ? <PaymentsCard payments={orders.data.payments} /> : null}
    </Page>
  );
}

export const MyOrders = signedIn(MyOrdersPage, 'main', 'my-orders-page');
