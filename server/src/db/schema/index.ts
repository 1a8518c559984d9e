export * from './events';
export * from './accounts';
export * from './bidding';
export * from './payments';
export * from './store';
export * from './store-keys';
export * from './registration';
export * from './console';
