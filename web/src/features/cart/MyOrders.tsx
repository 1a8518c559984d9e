import { useQuery } from '@tanstack/react-query';
import { IonItem, IonLabel, IonList } from '@ionic/react';
import type { SessionUser } from '@gavel/domain';
import { formatMoney } from '@gavel/domain';
import { api } from '../../api/client';
import { keys } from '../../queries/keys';
import { useSession } from '../../session/SessionProvider';
import { signedIn } from '../../session/guards';
import { Page } from '../../ui/Page';
import { Loading } from '../../ui/Loading';

/** Order History: purchases completed at checkout, with their pickup details. */
function MyOrdersPage(_props: { user: SessionUser }) {
  const { eventcode } = useSession();
  const orders = useQuery({ queryKey: keys.orders(eventcode), queryFn: () => api('GET /myorders') });
  const items = orders.data?.orderitems ?? [];
  return (
    <Page header="main" testId="my-orders-page">
      <h1 style={{ marginTop: 0 }}>Order History</h1>
      {orders.isPending ? <Loading /> : null}
      {orders.data && items.length === 0 ? (
        <section className="gavel-card gavel-center" data-testid="orders-empty">
          <p style={{ fontWeight: 700 }}>You have no completed purchases.</p>
          <p className="gavel-muted">After checkout, your purchase history will be displayed here.</p>
        </section>
      ) : null}
      {items.length > 0 ? (
        <IonList lines="full" className="gavel-card">
          {items.map((o) => (
            <IonItem key={`${o.checkoutid}-${o.itemid}`} data-testid="order-item">
              <IonLabel>
                <h2>{o.name}</h2>
                <p>
                  #{o.itemnum} · {o.quantity} × {formatMoney(o.amount)}
                  {o.location ? ` · ${o.location}` : ''}
                </p>
                {o.pickupinstructions ? <p>{o.pickupinstructions}</p> : null}
              </IonLabel>
            </IonItem>
          ))}
        </IonList>
      ) : null}
    </Page>
  );
}

export const MyOrders = signedIn(MyOrdersPage, 'main', 'my-orders-page');
