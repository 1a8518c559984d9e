export interface Bid {
  amount: number;
}
