import { storeAppCalls } from '@gavel/domain';
import { knowCalls } from './client';

// The event store's and guest registration's calls (domain/src/api/store-calls.ts), known once a
// module that makes them is loaded: a phone that only bids never downloads their schemas. Every
// module that makes one imports this file for its effect.
knowCalls(storeAppCalls);
