import { registrationCalls } from './calls/registration';
import { storeCalls } from './calls/store';

/** The event store's and guest registration's calls: a part of the map of their own (see contracts.ts). */
export const storeAppCalls = { ...storeCalls, ...registrationCalls } as const;
