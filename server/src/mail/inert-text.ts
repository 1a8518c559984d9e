import { withoutBidiControls } from '@gavel/domain';

/**
 * Text someone typed (a guest's name, a group's name, a purchaser's billing name), made inert for
 * an email we send to someone else (security finding 5). Mail clients turn anything that looks like
 * an address into a link, in the plain-text part as in the HTML, so a group named "URGENT: confirm
 * your seat at https://evil.example/x" would otherwise arrive as a clickable link in our branded
 * mail. The text is defanged the way incident reports write addresses: a scheme's colon and every
 * dot that joins two words are bracketed ("https[:]//evil[.]example/x"), which no client links and
 * every reader can still read. HTML escaping stays the template's job.
 */

/** Line breaks, tabs and other blanks: the text is one line, so it cannot forge a paragraph or a button line of the text part. */
const BLANKS = /[\s\p{Cc}]+/gu;
/**
 * A dot (or an ideographic or full-width one, which hosts accept as dots) between two characters a
 * host name may hold, seen through invisible format characters (a zero-width space some clients
 * drop). Host characters are what autolinkers take them to be: anything but blanks, controls and
 * punctuation, and the hyphen and underscore; so emoji and marks count, and an ellipsis does not.
 */
const HOST_CHAR = String.raw`(?:[^\s\p{P}\p{Cc}\p{Cf}]|[-_])`;
const JOINING_DOT = new RegExp(String.raw`(?<=${HOST_CHAR}\p{Cf}*)[.\u3002\uFF0E\uFF61](?=\p{Cf}*${HOST_CHAR})`, 'gu');
/** A colon that starts a URL: after a scheme's letters ("https:", "mailto:", "tel:") or before slashes. */
const SCHEME_COLON = /(?<=\p{L}\p{Cf}*):(?=\p{Cf}*[^\s])|:(?=\p{Cf}*[/\\])/gu;

/** `text` as one line in which no mail client finds a link; what was typed is still readable. */
export function inertText(text: string): string {
  // Direction overrides could show reversed text as a URL that is not there (the outbox drops them
  // from every mail too); the marks a right-to-left name needs stay.
  return withoutBidiControls(text)
    .replace(BLANKS, ' ')
    .trim()
    .replace(JOINING_DOT, (dot) => `[${dot}]`)
    .replace(SCHEME_COLON, '[:]');
}
