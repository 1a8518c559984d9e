import type { QueryClient } from '@tanstack/react-query';
import { isForEvent, type HubMessage } from '@gavel/domain';
import { markMine, patchItem, prependHistory, prependNotice } from '../queries/cache';
import { isEventKey, keys } from '../queries/keys';
import type { TokenClaims } from '../session/token';
import { pushNotice } from '../ui/notices';
import { openHub, type LiveState } from './hub';

export interface HubSession {
  token: string;
  claims: TokenClaims;
  eventcode: string;
  client: QueryClient;
  setState: (state: LiveState) => void;
  logout: () => void;
  refreshUser: () => Promise<unknown>;
}

/**
 * The bidder app's live connection for one token: what the hub says is applied to the cached
 * queries, and a reconnect fetches the event's again. Loaded with socket.io-client once there is
 * a token, so a first visit does without both. Returns the function that closes it.
 */
export function connectHub({
  token,
  claims,
  eventcode,
  client,
  setState,
  logout,
  refreshUser,
}: HubSession): () => void {
  const refetchAll = () => void client.invalidateQueries({ predicate: (q) => isEventKey(q.queryKey, eventcode) });
  const refetchCart = () => void client.invalidateQueries({ queryKey: keys.cart(eventcode) });
  const onMessage = (m: HubMessage) => {
    if (!isForEvent(m, eventcode, claims.auctioncode)) return;
    switch (m.type) {
      case 'itemupdate':
        patchItem(client, eventcode, m.item);
        prependHistory(client, eventcode, m.item.itemid, m.history ?? []);
        break;
      case 'mybids':
        // Sent to this bidder's own room after the itemupdate that carried the bids.
        markMine(client, eventcode, m.itemid, m.bidnos);
        break;
      case 'itembid':
        patchItem(client, eventcode, { itemid: m.itemid, currentlywinningbid: m.currentlywinningbid });
        if (m.status === 'won') refetchCart();
        break;
      case 'submitbid':
        // This bidder's own bid, from another tab or phone: its answer carries their view of the item.
        patchItem(client, eventcode, m.item);
        break;
      case 'cartrefresh':
        refetchCart();
        break;
      case 'eventrefresh':
      case 'eventclosing':
        refetchAll();
        break;
      case 'emailValidation':
      case 'updateUser':
        void refreshUser();
        break;
      case 'forcelogout':
        logout();
        break;
      case 'notification': {
        // Notices stay until the bidder dismisses them, and item notices are kept in the bell's list.
        const { itemid, itemname, kind, senttime } = m;
        pushNotice({
          tone: 'alert',
          title: m.title,
          message: m.message,
          duration: 0,
          item: itemid ? { eventcode, itemid, kind } : undefined,
        });
        if (itemid && kind)
          prependNotice(client, eventcode, {
            itemid,
            itemname: itemname ?? '',
            kind,
            title: m.title,
            message: m.message,
            senttime: senttime ?? new Date().toISOString(),
          });
        break;
      }
      default:
        break;
    }
  };
  return openHub({ token: () => token, onState: setState, onMessage, onReconnect: refetchAll }).close;
}
