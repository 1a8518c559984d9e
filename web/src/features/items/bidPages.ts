// The bid screens, with the form library, loaded when a bid is to be placed rather than with the catalog.
import './items.css';
import './items-status.css';
import './items-layout.css';
export { PlaceBid, AutoBid } from './BidForms';
