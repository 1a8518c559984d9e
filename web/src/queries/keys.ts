/**
 * Every query key of the app, in one place. Each starts with what it is and the event code, so a
 * live message or a reconnect can reach exactly the cached answers it concerns.
 */
export const keys = {
  event: (eventcode: string) => ['event', eventcode] as const,
  privacyPolicy: (eventcode: string) => ['privacypolicy', eventcode] as const,
  items: (eventcode: string) => ['items', eventcode] as const,
  item: (eventcode: string, id: number) => ['items', eventcode, 'item', id] as const,
  history: (eventcode: string, id: number) => ['items', eventcode, 'item', id, 'history'] as const,
  photos: (eventcode: string, id: number) => ['items', eventcode, 'item', id, 'photos'] as const,
  cart: (eventcode: string) => ['cart', eventcode] as const,
  orders: (eventcode: string) => ['orders', eventcode] as const,
  paymentMethod: (eventcode: string) => ['paymentmethod', eventcode] as const,
  notices: (eventcode: string) => ['notices', eventcode] as const,
  /** The event store: its landing page (no cart), the store with the visitor's cart, and that cart. */
  storeLanding: (eventcode: string) => ['store', eventcode, 'landing'] as const,
  storeSetup: (eventcode: string) => ['store', eventcode, 'setup'] as const,
  storeCart: (eventcode: string) => ['store', eventcode, 'cart'] as const,
  /** Guest registration: an emailed link's page, a purchase's groups, and one seat's edit dialog. */
  registrationLink: (eventcode: string, kind: 'purchaser' | 'guest', secret: string) =>
    ['registration', eventcode, kind, secret] as const,
  guestGroups: (eventcode: string, token: string) => ['registration', eventcode, 'groups', token] as const,
  guestDialog: (eventcode: string, token: string, guestid: number, registrationid: number | undefined) =>
    ['registration', eventcode, 'dialog', token, guestid, registrationid ?? 'seat'] as const,
};

/** Is this key one of the event's? Used to refetch everything after a reconnect. */
export const isEventKey = (key: readonly unknown[], eventcode: string) => key[1] === eventcode;
