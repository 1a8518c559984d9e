import type { ComponentType } from 'react';
import { lazyPage } from './ui/lazyPage';
import type { HomeKind } from './ui/RouteBoundary';

const accounts = () => import('./features/accounts/accountPages');
const items = () => import('./features/items/itemPages');
const bids = () => import('./features/items/bidPages');
const cart = () => import('./features/cart/cartPages');
const payments = () => import('./features/payments/paymentPages');
const store = () => import('./features/store/storePages');
const registration = () => import('./features/registration/registrationPages');
const notFound = lazyPage(() => import('./features/event/PageNotFound'), 'PageNotFound');

/**
 * Every screen under /:eventcode, each loaded with its route; any other path is the event's
 * not-found page (last). `home` is where a crashed page's way out leads: the event's home unless
 * the page belongs to the store.
 */
export const routes: Array<{ path: string; Page: ComponentType; home?: HomeKind }> = [
  { path: 'privacy-policy', Page: lazyPage(() => import('./features/event/PrivacyPolicy'), 'PrivacyPolicy') },
  { path: 'login', Page: lazyPage(accounts, 'Login') },
  { path: 'create-account', Page: lazyPage(accounts, 'CreateAccount') },
  { path: 'verify-email/:id?', Page: lazyPage(accounts, 'VerifyEmail') },
  { path: 'verify/:id', Page: lazyPage(accounts, 'VerifyLink') },
  { path: 'auth/passwordlessLogin/:loginguid', Page: lazyPage(accounts, 'PasswordlessLogin') },
  { path: 'reset-password', Page: lazyPage(accounts, 'ResetPassword') },
  { path: 'reset-password-email', Page: lazyPage(accounts, 'ResetPasswordEmail') },
  { path: 'auth/resetPassword/:id', Page: lazyPage(accounts, 'ResetPasswordByLink') },
  { path: 'reset-password-account', Page: lazyPage(accounts, 'ResetPasswordAccount') },
  { path: 'setup-account', Page: lazyPage(accounts, 'SetupAccount') },
  { path: 'welcome', Page: lazyPage(accounts, 'Welcome') },
  { path: 'my-account', Page: lazyPage(accounts, 'MyAccount') },
  { path: 'account-profile', Page: lazyPage(accounts, 'AccountProfile') },
  { path: 'account-notifications', Page: lazyPage(accounts, 'AccountNotifications') },
  { path: 'contact-us', Page: lazyPage(accounts, 'ContactUs') },
  { path: 'auction-items', Page: lazyPage(items, 'AuctionItems') },
  { path: 'auction-items/:id', Page: lazyPage(items, 'ItemDetail') },
  { path: 'place-bid/:id', Page: lazyPage(bids, 'PlaceBid') },
  { path: 'auto-bid/:id', Page: lazyPage(bids, 'AutoBid') },
  // A static segment outranks a parameter, so event/open-bids stays the open bids page.
  { path: 'event/open-bids', Page: lazyPage(items, 'OpenBids') },
  { path: 'event', Page: lazyPage(store, 'StoreLanding'), home: 'store' },
  { path: 'event/purchaserregistration/:id', Page: lazyPage(registration, 'PurchaserRegistration'), home: 'store' },
  { path: 'event/guestregistration/:id', Page: lazyPage(registration, 'GuestRegistration'), home: 'store' },
  {
    path: 'event/bill-me/:secret',
    Page: lazyPage(() => import('./features/store/BillMeLink'), 'BillMeLink'),
    home: 'store',
  },
  { path: 'event/:id', Page: lazyPage(store, 'StoreRoute'), home: 'store' },
  { path: 'event/:id/:cart', Page: lazyPage(store, 'StoreRoute'), home: 'store' },
  { path: 'cart', Page: lazyPage(cart, 'Cart') },
  { path: 'my-orders', Page: lazyPage(cart, 'MyOrders') },
  { path: 'pay/:secret', Page: lazyPage(() => import('./features/paylink/PayLink'), 'PayLink') },
  { path: 'checkout', Page: lazyPage(payments, 'Checkout') },
  { path: 'checkout/:step', Page: lazyPage(payments, 'Checkout') },
  { path: 'checkout-item/:historyid', Page: lazyPage(payments, 'Checkout') },
  { path: 'account-update-payment-method', Page: lazyPage(payments, 'PaymentMethod') },
  { path: 'account-update-payment-method/login/credit', Page: lazyPage(payments, 'LoginPaymentMethod') },
  { path: 'account-update-payment-method/auction-items/:itemid?', Page: lazyPage(payments, 'PaymentMethod') },
  { path: 'account-update-payment-method/:id', Page: lazyPage(payments, 'PaymentMethod') },
  { path: 'not-found', Page: notFound },
  { path: '*', Page: notFound },
];
