import { createECDH } from 'node:crypto';

/**
 * The server's VAPID key pair (RFC 8292): push services take a push only when it is signed with the
 * private key whose public key the browser subscribed with. Made once and kept in DATA_DIR (like
 * the login secret: config.ts), or given by VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY. A new pair
 * orphans every subscription, so processes sharing DATA_DIR must read the one pair.
 */
export interface VapidKeys {
  /** The uncompressed P-256 point, 65 bytes, base64url: what browsers subscribe with. */
  publicKey: string;
  /** The private scalar, 32 bytes, base64url. */
  privateKey: string;
}

export interface Vapid extends VapidKeys {
  /** Who runs this server, for the push services: a mailto: or https: address. */
  subject: string;
}

/** A new pair, as web-push's generateVAPIDKeys makes it (a short private scalar padded to 32 bytes). */
export function newVapidKeys(): VapidKeys {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  return {
    publicKey: curve.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32), curve.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
  };
}

/** What is wrong with a pair, or null: each key's form, then whether the public key is the private key's. */
export function vapidKeysProblem({ publicKey, privateKey }: VapidKeys): string | null {
  const base64url = /^[A-Za-z0-9_-]+$/;
  if (!base64url.test(publicKey) || Buffer.from(publicKey, 'base64url').length !== 65)
    return 'VAPID_PUBLIC_KEY: must be a P-256 public key, 65 bytes in base64url without padding (npx web-push generate-vapid-keys)';
  if (!base64url.test(privateKey) || Buffer.from(privateKey, 'base64url').length !== 32)
    return 'VAPID_PRIVATE_KEY: must be a P-256 private key, 32 bytes in base64url without padding';
  try {
    const curve = createECDH('prime256v1');
    curve.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    if (curve.getPublicKey().toString('base64url') === publicKey) return null;
  } catch {
    return 'VAPID_PRIVATE_KEY: is not a valid P-256 private key';
  }
  return 'VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY';
}

/** The kept file's one line: the public key, a dot, the private key (base64url has no dots). */
export function keptVapidText(keys: VapidKeys): string {
  return `${keys.publicKey}.${keys.privateKey}`;
}

export function parseKeptVapid(text: string): VapidKeys | null {
  const [publicKey = '', privateKey = '', ...rest] = text.split('.');
  const keys = { publicKey, privateKey };
  return rest.length === 0 && vapidKeysProblem(keys) === null ? keys : null;
}

/** What is wrong with a VAPID subject, or null. */
export function vapidSubjectProblem(subject: string): string | null {
  let url: URL;
  try {
    url = new URL(subject);
  } catch {
    return 'must be a mailto: or https: address, such as mailto:events@example.org';
  }
  if (url.protocol === 'mailto:' && /^[^@\s]+@[^@\s]+$/.test(decodeURIComponent(url.pathname))) return null;
  if (url.protocol === 'https:') return null;
  return 'must be a mailto: or https: address, such as mailto:events@example.org';
}

/**
 * The subject when VAPID_SUBJECT is not given: the public https address, or the mail sender's
 * address (MAIL_FROM), so a push service that must reach the operator finds one of them.
 */
export function defaultVapidSubject({ publicUrl, mailFrom }: { publicUrl?: string; mailFrom: string }): string {
  if (publicUrl?.startsWith('https://') && !publicUrl.includes('{')) return publicUrl;
  const address = /<([^<>@\s]+@[^<>@\s]+)>/.exec(mailFrom)?.[1] ?? /^\s*([^<>@\s]+@[^<>@\s]+)\s*$/.exec(mailFrom)?.[1];
  return `mailto:${address ?? 'no-reply@gavel.localhost'}`;
}
