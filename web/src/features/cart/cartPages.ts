// The cart and the order history, loaded when one of them is opened.
import '../items/items.css';
export { Cart } from './Cart';
export { MyOrders } from './MyOrders';
