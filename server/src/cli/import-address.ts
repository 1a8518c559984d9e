import { createSite } from '../lib/site';

export interface AddressConfig {
  publicUrl: string | undefined;
  defaultAuctionCode: string;
}

/**
 * What `npm run import` ends with: where the imported event's pages are, built by lib/site.ts as
 * every emailed link is (PUBLIC_URL, or `http://{auctioncode}.localhost:{port}` on this machine).
 * `port` is the port of the server that answers: the running one's, or PORT's (its default).
 * When that address serves another organization (one PUBLIC_URL, one DEFAULT_AUCTION_CODE), the
 * lines say so and how to reach this one, rather than hand out a link that opens the wrong event.
 */
export function eventAddressLines(
  config: AddressConfig,
  port: number,
  auctioncode: string,
  eventcode: string,
): string[] {
  const site = createSite({ publicUrl: config.publicUrl, defaultAuctionCode: config.defaultAuctionCode, port });
  const origin = site.originOf(auctioncode);
  const event = `${origin}/${eventcode.toLowerCase()}`;
  const lines = [`  Bidder app:     ${event}`, `  Event store:    ${event}/event`, `  Display board:  ${event}/list`];
  const served = site.auctionCodeOf(new URL(origin).host);
  if (served !== auctioncode.toLowerCase())
    lines.push(
      `  Note: ${origin} serves the organization '${served ?? config.defaultAuctionCode}', not '${auctioncode.toLowerCase()}'. ` +
        `Set DEFAULT_AUCTION_CODE=${auctioncode.toLowerCase()}, or PUBLIC_URL with {auctioncode} (https://{auctioncode}.gavel.example) for one address per organization.`,
    );
  return lines;
}
