import type { Notice } from './notice';

export interface Bid {
  amount: number;
  notices: Notice[];
}
