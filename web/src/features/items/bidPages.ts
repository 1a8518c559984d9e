// The bid screens, with the form library, loaded when a bid is to be placed rather than with the catalog.
import './items.css';
export { PlaceBid, AutoBid } from './BidForms';
