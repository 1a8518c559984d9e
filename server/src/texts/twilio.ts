import type twilioSdk from 'twilio';
import type { TwilioAccount } from '../config';
import { type ProviderFactory, TextSendError, type TextProvider } from './provider';

/** Twilio's own API; TWILIO_API_URL replaces it in tests (a local fake). */
export const TWILIO_API = 'https://api.twilio.com';
/** A send that hears nothing for this long is tried again later (transient). */
const TIMEOUT_MS = 10_000;

type Sdk = typeof twilioSdk;
type RequestOptions = Parameters<InstanceType<Sdk['RequestClient']>['request']>[0];

/** The official SDK, loaded at the first text or webhook rather than at every start (code style 46). */
async function loadSdk(): Promise<Sdk> {
  return (await import('twilio')).default;
}

/**
 * The SDK's HTTP client, with Twilio's API address replaced by another base: the official client
 * then talks to a local fake in tests exactly as it talks to Twilio.
 */
function rebasedRequestClient(twilio: Sdk, base: string) {
  class RebasedRequestClient extends twilio.RequestClient {
    override request<TData>(opts: RequestOptions & { data?: TData }) {
      const uri = opts.uri.startsWith(TWILIO_API) ? base + opts.uri.slice(TWILIO_API.length) : opts.uri;
      return super.request<TData>({ ...opts, uri });
    }
  }
  return new RebasedRequestClient({ timeout: TIMEOUT_MS, keepAlive: true });
}

/** What a failed send means: it may pass (no answer, too many requests, the provider's own trouble) or not. */
function failure(twilio: Sdk, err: unknown): TextSendError {
  if (!(err instanceof twilio.RestException))
    return new TextSendError(err instanceof Error ? err.message : String(err), true);
  const transient = err.status === 429 || err.status >= 500;
  return new TextSendError(`Twilio ${err.status}${err.code ? ` (${err.code})` : ''}: ${err.message}`, transient);
}

/** A provider for one Twilio account, through the official SDK (its client made at the first send). */
export function twilioProvider(account: TwilioAccount, apiUrl: string = TWILIO_API): TextProvider {
  let client: twilioSdk.Twilio | undefined;
  const sender = account.messagingservicesid
    ? { messagingServiceSid: account.messagingservicesid }
    : { from: account.fromnumber };
  return {
    async send({ to, body, statusCallback }) {
      const twilio = await loadSdk();
      client ??= twilio(account.accountsid, account.authtoken, {
        httpClient:
          apiUrl === TWILIO_API
            ? new twilio.RequestClient({ timeout: TIMEOUT_MS, keepAlive: true })
            : rebasedRequestClient(twilio, apiUrl),
        autoRetry: false,
      });
      try {
        const message = await client.messages.create({ to, body, statusCallback, ...sender });
        return { providerId: message.sid };
      } catch (err) {
        throw failure(twilio, err);
      }
    },
  };
}

/** Twilio providers on the configured API address. */
export function twilioProviders(apiUrl: string | undefined): ProviderFactory {
  return (account) => twilioProvider(account, apiUrl ?? TWILIO_API);
}

/** Whether a webhook's X-Twilio-Signature is the account's signature of this URL and these fields. */
export async function validTwilioSignature({
  authtoken,
  signature,
  url,
  params,
}: {
  authtoken: string;
  signature: string;
  url: string;
  params: Record<string, string>;
}): Promise<boolean> {
  if (!authtoken || !signature) return false;
  return (await loadSdk()).validateRequest(authtoken, signature, url, params);
}

/** A TwiML answer to an inbound text: one reply, or none. */
export async function twimlReply(message: string | undefined): Promise<string> {
  const response = new (await loadSdk()).twiml.MessagingResponse();
  if (message) response.message(message);
  return response.toString();
}
