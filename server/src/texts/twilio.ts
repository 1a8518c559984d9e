import twilio from 'twilio';
import type { TwilioAccount } from '../config';
import { type ProviderFactory, TextSendError, type TextProvider } from './provider';

/** Twilio's own API; TWILIO_API_URL replaces it in tests (a local fake). */
export const TWILIO_API = 'https://api.twilio.com';
/** A send that hears nothing for this long is tried again later (transient). */
const TIMEOUT_MS = 10_000;

type RequestOptions = Parameters<InstanceType<typeof twilio.RequestClient>['request']>[0];

/**
 * The SDK's HTTP client, with Twilio's API address replaced by another base: the official client
 * then talks to a local fake in tests exactly as it talks to Twilio.
 */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super({ timeout: TIMEOUT_MS, keepAlive: true });
  }

  override request<TData>(opts: RequestOptions & { data?: TData }) {
    const uri = opts.uri.startsWith(TWILIO_API) ? this.base + opts.uri.slice(TWILIO_API.length) : opts.uri;
    return super.request<TData>({ ...opts, uri });
  }
}

/** Whether a failure may pass (no answer, too many requests, the provider's own trouble). */
function isTransient(err: unknown): boolean {
  if (!(err instanceof twilio.RestException)) return true;
  return err.status === 429 || err.status >= 500;
}

function failure(err: unknown): TextSendError {
  const transient = isTransient(err);
  if (err instanceof twilio.RestException)
    return new TextSendError(`Twilio ${err.status}${err.code ? ` (${err.code})` : ''}: ${err.message}`, transient);
  return new TextSendError(err instanceof Error ? err.message : String(err), transient);
}

/** A provider for one Twilio account, through the official SDK. */
export function twilioProvider(account: TwilioAccount, apiUrl: string = TWILIO_API): TextProvider {
  const client = twilio(account.accountsid, account.authtoken, {
    httpClient:
      apiUrl === TWILIO_API
        ? new twilio.RequestClient({ timeout: TIMEOUT_MS, keepAlive: true })
        : new RebasedRequestClient(apiUrl),
    autoRetry: false,
  });
  const sender = account.messagingservicesid
    ? { messagingServiceSid: account.messagingservicesid }
    : { from: account.fromnumber };
  return {
    async send({ to, body, statusCallback }) {
      try {
        const message = await client.messages.create({ to, body, statusCallback, ...sender });
        return { providerId: message.sid };
      } catch (err) {
        throw failure(err);
      }
    },
  };
}

/** Twilio providers on the configured API address. */
export function twilioProviders(apiUrl: string | undefined): ProviderFactory {
  return (account) => twilioProvider(account, apiUrl ?? TWILIO_API);
}

/** Whether a webhook's X-Twilio-Signature is the account's signature of this URL and these fields. */
export function validTwilioSignature({
  authtoken,
  signature,
  url,
  params,
}: {
  authtoken: string;
  signature: string;
  url: string;
  params: Record<string, string>;
}): boolean {
  if (!authtoken || !signature) return false;
  return twilio.validateRequest(authtoken, signature, url, params);
}

/** A TwiML answer to an inbound text: one reply, or none. */
export function twimlReply(message: string | undefined): string {
  const response = new twilio.twiml.MessagingResponse();
  if (message) response.message(message);
  return response.toString();
}
