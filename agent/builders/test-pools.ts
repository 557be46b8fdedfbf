// Test support for the builders: the DevFee pool and a partner's main pool of a job spec.
import type { JobSpec } from '../protocol';

/** The DevFee pool (2 %) and the partner's main pool at `mainFee` %. */
export const devFeeAndMain = (mainFee: number): JobSpec['pools'] => [
  {
    alias: 'DevFee',
    url: 'stratum+tcp://dev.example:3333',
    account: 'vendor',
    worker: 'set1',
    fee: 2,
    type_fee_pool: 'devfee',
  },
  {
    alias: 'Main',
    url: 'stratum+tcp://main.example:3333',
    account: 'me',
    worker: 'rig',
    fee: mainFee,
    type_fee_pool: 'fee',
  },
];
