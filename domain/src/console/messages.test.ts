import { describe, expect, it } from 'vitest';
import { messageRequest } from '../api/console-messages';
import {
  emailParagraphs,
  fieldsIn,
  MERGE_FIELDS,
  MESSAGE_TEMPLATES,
  mergeProblem,
  renderMerge,
  SAMPLE_MERGE_VALUES,
  textMessage,
  textSize,
} from './messages';

describe('merge fields', () => {
  it('names the fields a text uses, once each, known or not', () => {
    expect(fieldsIn('Hi {firstname}, {balance} {firstname} {nope} {} { spaced }')).toEqual([
      'firstname',
      'balance',
      'nope',
      '',
    ]);
  });

  it('renders every field and leaves the rest of the text alone', () => {
    const values = { ...SAMPLE_MERGE_VALUES, firstname: 'Ann', balance: '$40.00' };
    expect(renderMerge('Hi {firstname}, you owe {balance}. {firstname}!', values)).toBe('Hi Ann, you owe $40.00. Ann!');
    // A value holding braces is not merged again.
    expect(renderMerge('{firstname} {event}', { ...values, firstname: '{event}' })).toBe('{event} Spring Gala');
  });

  it('refuses an unknown field, naming it and the known ones', () => {
    expect(mergeProblem('Hi {fristname}', 'all')).toBe(
      `{fristname} is not a merge field. Use ${MERGE_FIELDS.map((f) => `{${f}}`).join(', ')}.`,
    );
    expect(mergeProblem('Hi {firstname}', 'all')).toBeNull();
  });

  it("refuses a bidder's field for store buyers and guests, not for bidders", () => {
    expect(mergeProblem('Pay {paylink}', 'buyers')).toBe(
      '{paylink} is only known for bidders; store buyers are not all bidders.',
    );
    expect(mergeProblem('Owes {balance}', 'guests')).toContain('{balance} is only known for bidders');
    expect(mergeProblem('{pickup} {event} {eventlink} {firstname}', 'guests')).toBeNull();
    expect(mergeProblem('Pay {paylink}', 'unpaid')).toBeNull();
  });

  it('has templates that use known fields only, fit for their audience', () => {
    for (const t of Object.values(MESSAGE_TEMPLATES)) {
      expect(mergeProblem(t.body, t.audience)).toBeNull();
      expect(mergeProblem(t.subject, t.audience)).toBeNull();
    }
  });
});

describe('texts and emails', () => {
  it('starts a text with the event and ends it with the opt-out hint', () => {
    expect(textMessage('Spring Gala', ' Your balance is $40.00. ')).toBe(
      'Spring Gala: Your balance is $40.00. Reply STOP to unsubscribe.',
    );
  });

  it('splits an email body into paragraphs at blank lines', () => {
    expect(emailParagraphs('One\nline two\n\n  \nThree\r\n\r\nFour  ')).toEqual(['One\nline two', 'Three', 'Four']);
  });

  it('counts segments: 160 GSM characters in one, 153 a part, 70 and 67 for Unicode', () => {
    expect(textSize('a'.repeat(160))).toEqual({ characters: 160, segments: 1, unicode: false });
    expect(textSize('a'.repeat(161))).toEqual({ characters: 161, segments: 2, unicode: false });
    expect(textSize('a'.repeat(306)).segments).toBe(2);
    expect(textSize('a'.repeat(307)).segments).toBe(3);
    // The extension table's characters count twice.
    expect(textSize('€'.repeat(80)).segments).toBe(1);
    expect(textSize('€'.repeat(81)).segments).toBe(2);
    expect(textSize('’'.repeat(70))).toEqual({ characters: 70, segments: 1, unicode: true });
    expect(textSize('’'.repeat(71)).segments).toBe(2);
  });
});

describe('the request', () => {
  const base = { audience: 'unpaid', channel: 'both', subject: 'Your balance', body: 'Hi {firstname}' };

  it('takes a message with defaults for the template and the preview flag', () => {
    expect(messageRequest.parse(base)).toEqual({ ...base, template: '', preview: false });
  });

  it('asks an email for a subject, but not a text', () => {
    const noSubject = messageRequest.safeParse({ ...base, subject: ' ' });
    expect(noSubject.error?.issues[0]).toMatchObject({ path: ['subject'], message: 'is required for an email' });
    expect(messageRequest.safeParse({ ...base, channel: 'text', subject: '' }).success).toBe(true);
  });

  it('refuses an unknown field in the body or the subject, and an empty body', () => {
    const body = messageRequest.safeParse({ ...base, body: 'Hi {name}' });
    expect(body.error?.issues[0]).toMatchObject({ path: ['body'] });
    expect(body.error?.issues[0]?.message).toContain('{name} is not a merge field');
    const subject = messageRequest.safeParse({ ...base, subject: 'For {who}' });
    expect(subject.error?.issues[0]).toMatchObject({ path: ['subject'] });
    expect(messageRequest.safeParse({ ...base, body: ' \u200b ' }).error?.issues[0]?.message).toBe('is required');
    expect(messageRequest.safeParse({ ...base, audience: 'everyone' }).success).toBe(false);
  });
});
