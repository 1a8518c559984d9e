import { adminCalls } from './calls/admin';
import { displayCalls } from './calls/display';
import { pushCalls } from './calls/push';
import { consoleCalls } from './console-calls';
import { storeAppCalls } from './store-calls';
import { appCalls, type ContractMap } from './contracts';

/** Every call of the API, the console's included: what the server registers and the tests call. */
export const contracts: ContractMap = {
  ...appCalls,
  ...displayCalls,
  ...pushCalls,
  ...storeAppCalls,
  ...adminCalls,
  ...consoleCalls,
};
