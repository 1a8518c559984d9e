/**
 * The addresses whose pages are not the bidder app's, so the service worker never answers a visit
 * to them (not even offline, with the bidder app's shell): they go to the network as if there were
 * no worker. Every path the server answers itself is here (server/src/app.ts): the API, pictures,
 * built files, the live hub, the dev mailbox, the test card form, the console, the display board,
 * files at the top (sw.js, favicon) and the event's manifest and icons.
 */
export const NOT_THE_APP: readonly RegExp[] = [
  /^\/(api|media|assets|hubs|dev|docs|testpay)(\/|$)/i,
  // The organizer console (isConsolePath in domain/src/console/roles.ts).
  /^\/(console|[^/]+\/console)(\/|$)/i,
  // The display board (parseBoardRoute in domain/src/display/board.ts).
  /^\/[^/]+\/(detail|list)(\/|$)/,
  // The event's web app manifest and icons (server/src/features/events/manifest.ts).
  /^\/[^/]+\/(manifest\.webmanifest|icons\/)/,
  /^\/[\w.-]+\.\w+$/,
];

/** Is a visit to this path one the service worker answers with the bidder app? */
export function isAppPage(pathname: string): boolean {
  return !NOT_THE_APP.some((pattern) => pattern.test(pathname));
}
