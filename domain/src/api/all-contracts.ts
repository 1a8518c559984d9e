import { adminCalls } from './calls/admin';
import { consoleCalls } from './console-calls';
import { storeAppCalls } from './store-calls';
import { appCalls, type ContractMap } from './contracts';

/** Every call of the API, the console's included: what the server registers and the tests call. */
export const contracts: ContractMap = { ...appCalls, ...storeAppCalls, ...adminCalls, ...consoleCalls };
