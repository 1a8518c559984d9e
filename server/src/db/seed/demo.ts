import type { ImportDocumentInput } from '@gavel/domain';

// Placeholder: replaced by the full demo gala.
export function demoDocument(now: Date): ImportDocumentInput {
  const at = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
  return {
    organization: { auctioncode: 'demo', name: 'Demo' },
    event: { eventcode: 'demo', eventname: 'Demo Gala', eventopens: at(-1), biddingopens: at(-0.5), biddingcloses: at(7), eventcloses: at(8) },
    items: [{ itemnum: '101', name: 'Weekend', startingbid: 100, minimumbidincrease: 10 }],
  };
}
