// The catalog and bidding screens, loaded together the first time one of them is opened.
import './items.css';
export { AuctionItems } from './AuctionItems';
export { ItemDetail } from './ItemDetail';
export { PlaceBid, AutoBid } from './BidForms';
export { OpenBids } from './OpenBids';
export { Cart } from '../cart/Cart';
export { MyOrders } from '../cart/MyOrders';
