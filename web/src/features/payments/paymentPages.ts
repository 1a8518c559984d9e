// The payment screens (card on file, checkout), loaded together the first time one of them is opened.
import './payments.css';
export { PaymentMethod, LoginPaymentMethod } from './PaymentMethod';
export { Checkout } from './Checkout';
