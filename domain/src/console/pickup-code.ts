/**
 * A bidder's pickup code: printed on the receipt (as text and a QR), typed or scanned at the pickup
 * desk. Six characters of an alphabet without the look-alikes 0/O, 1/I/L, so a volunteer reading it
 * off a phone cannot mistype it into another bidder's; about 887 million codes, unique per event.
 */
export const PICKUP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PICKUP_CODE_LENGTH = 6;

/** A new code, drawn with `randomInt(n)` (an integer in [0, n), the server's crypto.randomInt). */
export function makePickupCode(randomInt: (max: number) => number): string {
  let code = '';
  for (let i = 0; i < PICKUP_CODE_LENGTH; i++) code += PICKUP_CODE_ALPHABET[randomInt(PICKUP_CODE_ALPHABET.length)];
  return code;
}

/**
 * A code as typed or scanned, in its one spelling: capitals, without spaces or dashes (a receipt may
 * show it as "ABC 234"). What is left is not checked here; `isPickupCode` says whether it is one.
 */
export function normalPickupCode(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

const CODE = new RegExp(`^[${PICKUP_CODE_ALPHABET}]{${PICKUP_CODE_LENGTH}}$`);

/** Whether a normalized text is a pickup code's spelling (it may still belong to nobody). */
export function isPickupCode(code: string): boolean {
  return CODE.test(code);
}
