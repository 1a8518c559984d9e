export * from './money';
export * from './time';
export * from './event-state';
export * from './validation';
export * from './api/common';
export * from './api/event';
export * from './import/schema';
export const APP_VERSION = '1.0.2';
