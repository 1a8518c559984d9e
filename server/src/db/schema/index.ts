export * from './events';
export * from './accounts';
