import { isIP } from 'node:net';

/**
 * The addresses Gavel answers for, and the one it puts in emailed links and QR codes. Links come
 * only from configuration, never from a request's Host header: a request naming another host is
 * refused before it reaches a route (app.ts), so nobody can have Gavel mail a victim a link to
 * their own server.
 *
 * Three forms:
 * - `PUBLIC_URL=https://auction.riverbend.org`: one address; it serves DEFAULT_AUCTION_CODE.
 * - `PUBLIC_URL=https://{auctioncode}.gavel.example`: one organization per name under a domain;
 *   `riverbend.gavel.example` is the organization `riverbend`.
 * - No PUBLIC_URL (development and tests only; production refuses to start without it):
 *   `http://localhost:PORT` serves DEFAULT_AUCTION_CODE, `http://{auctioncode}.localhost:PORT`
 *   the others (browsers resolve *.localhost to this machine), and a bare IP address of this
 *   machine the default too.
 *
 * In every form, `localhost` and the loopback addresses serve DEFAULT_AUCTION_CODE: that is how
 * `npm run import` and an operator's health check reach the server on its own machine, and a
 * request from elsewhere naming them gains nothing, since no link is built from a request.
 */
export interface Site {
  /** Where an organization's pages are, for links and QR codes: scheme, host and port, no slash. */
  originOf(auctioncode: string): string;
  /** The organization a request's host names; undefined when Gavel does not answer for that host. */
  auctionCodeOf(host: string | undefined): string | undefined;
}

export const AUCTION_CODE_PLACEHOLDER = '{auctioncode}';
/** A label that stands in for the placeholder while the template is parsed as a URL. */
const STAND_IN = 'gavel-auctioncode-placeholder';

/** The host name of a Host header: no port, no brackets, lowercase, no trailing dot. */
export function hostName(host: string): string {
  return host
    .trim()
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** An organization's code as a host label: what DEFAULT_AUCTION_CODE and import codes allow. */
const LABEL = /^[a-z0-9][a-z0-9_-]*$/;

/** Why a PUBLIC_URL cannot be used, or undefined when it can. */
export function publicUrlProblem(url: string): string | undefined {
  const template = url.includes(AUCTION_CODE_PLACEHOLDER);
  let parsed: URL;
  try {
    parsed = new URL(url.replace(AUCTION_CODE_PLACEHOLDER, STAND_IN));
  } catch {
    return 'must be an absolute URL such as https://auction.example.org or https://{auctioncode}.gavel.example';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'must start with https:// (or http://)';
  if (parsed.username || parsed.password || parsed.search || parsed.hash)
    return 'must be only a scheme, a host and a port';
  if (parsed.pathname !== '/' && parsed.pathname !== '')
    return 'must not have a path: Gavel serves its events at the root of its host';
  if (!template) return undefined;
  if (url.split(AUCTION_CODE_PLACEHOLDER).length !== 2) return `must name ${AUCTION_CODE_PLACEHOLDER} once`;
  const [first, ...rest] = parsed.hostname.split('.');
  if (first !== STAND_IN || rest.length === 0)
    return `must have ${AUCTION_CODE_PLACEHOLDER} as the first label of its host, as in https://{auctioncode}.gavel.example`;
  return undefined;
}

export function createSite(options: { publicUrl: string | undefined; defaultAuctionCode: string; port: number }): Site {
  const { publicUrl, defaultAuctionCode, port } = options;
  if (publicUrl === undefined) return developmentSite(defaultAuctionCode, port);
  const base = publicUrl.replace(/\/+$/, '');
  if (!base.includes(AUCTION_CODE_PLACEHOLDER)) {
    const only = hostName(new URL(base).host);
    return {
      originOf: () => base,
      auctionCodeOf: (host) => {
        if (host === undefined) return undefined;
        const name = hostName(host);
        return name === only || isLoopback(name) ? defaultAuctionCode : undefined;
      },
    };
  }
  const domain = hostName(new URL(base.replace(AUCTION_CODE_PLACEHOLDER, STAND_IN)).host).slice(STAND_IN.length + 1);
  return {
    originOf: (auctioncode) => base.replace(AUCTION_CODE_PLACEHOLDER, auctioncode.toLowerCase()),
    auctionCodeOf: (host) => {
      if (host === undefined) return undefined;
      const name = hostName(host);
      if (isLoopback(name)) return defaultAuctionCode;
      if (!name.endsWith(`.${domain}`)) return undefined;
      const label = name.slice(0, -domain.length - 1);
      return LABEL.test(label) ? label : undefined;
    },
  };
}

const isLoopback = (name: string) => name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);

/** Without PUBLIC_URL: this machine only, by localhost, a name under localhost, or an IP address. */
function developmentSite(defaultAuctionCode: string, port: number): Site {
  return {
    originOf: (auctioncode) =>
      auctioncode.toLowerCase() === defaultAuctionCode
        ? `http://localhost:${port}`
        : `http://${auctioncode.toLowerCase()}.localhost:${port}`,
    auctionCodeOf: (host) => {
      if (host === undefined) return undefined;
      const name = hostName(host);
      if (name === 'localhost' || isIP(name) !== 0) return defaultAuctionCode;
      if (!name.endsWith('.localhost')) return undefined;
      const label = name.slice(0, -'.localhost'.length);
      return LABEL.test(label) ? label : undefined;
    },
  };
}
