import { textingResponse, textingSettingsRequest, twilioWebhookBody, webhookAnswer } from '../console-texting';
import { contract } from '../contract';

/**
 * The console's texting calls (tag `console`, issue 30: the owner's), and the text provider's
 * webhooks (tag `webhooks`): public, form-encoded as Twilio sends them, refused unless signed with
 * the organization's auth token.
 */
export const consoleTextingCalls = {
  'GET /console/texting': contract({
    method: 'GET',
    path: '/console/texting',
    access: 'staff:owner',
    tags: ['console'],
    summary:
      "The organization's text provider settings (the auth token only as whether it is set), which account is in use (organization, server environment or none), its texts by status and the numbers that opted out",
    response: textingResponse,
  }),
  'PUT /console/texting': contract({
    method: 'PUT',
    path: '/console/texting',
    access: 'staff:owner',
    tags: ['console'],
    summary:
      "Sets the organization's own Twilio account (account SID, auth token: '' keeps the stored one, a from number or a messaging service SID, the HELP contact); an account SID of '' clears it. Audited, the token masked",
    body: textingSettingsRequest,
    response: textingResponse,
  }),
  'POST /webhooks/twilio/status': contract({
    method: 'POST',
    path: '/webhooks/twilio/status',
    access: 'public',
    tags: ['webhooks'],
    summary:
      "Twilio's status callback (form-encoded MessageSid, MessageStatus, ErrorCode), signed with the organization's auth token (X-Twilio-Signature): the text's delivery status. 403 when the signature is not valid",
    body: twilioWebhookBody,
    response: webhookAnswer,
  }),
  'POST /webhooks/twilio/inbound': contract({
    method: 'POST',
    path: '/webhooks/twilio/inbound',
    access: 'public',
    tags: ['webhooks'],
    summary:
      'A text to the organization’s number (form-encoded From, Body), signed like the status callback: STOP and the other stop words record the opt-out, START resumes, HELP answers the organization’s name and contact. Answers TwiML (text/xml). 403 when the signature is not valid',
    body: twilioWebhookBody,
    response: webhookAnswer,
  }),
} as const;
