// The catalog screens (the list, an item, open bids), loaded together the first time one of them is opened.
import './items.css';
import './items-status.css';
import './items-layout.css';
export { AuctionItems } from './AuctionItems';
export { ItemDetail } from './ItemDetail';
export { OpenBids } from './OpenBids';
