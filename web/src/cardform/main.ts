import './cardform.css';
import {
  type CardFields,
  type CardOutcome,
  cardBrand,
  cardFieldMessages,
  cardFieldProblems,
  cardLabel,
  digitsOnly,
  groupCardNumber,
  readExpiry,
  TEST_CARDS,
  testCardOutcome,
} from '@gavel/domain';

/**
 * The test gateway's hosted card form (processor code 1), shown by the app in an iframe. Plain DOM
 * code on purpose: the page must load fast inside the app and carry nothing but the card rules.
 * The card number never leaves this page: only brand, last four, expiry and which test card it
 * was go to POST /api/testpay/tokens, and the app gets back a cryptogram by postMessage.
 *
 * The form has no button of its own: the app's Pay, Checkout or Save Card asks for the card
 * ('gavel-card-take'), and the form checks its fields (their errors shown beside them), asks for
 * the bank's confirmation when the card needs it, and answers with the cryptogram or
 * 'gavel-card-invalid'. It tells the app whether anything is typed ('gavel-card-state').
 */

type FieldName = keyof CardFields;
const FIELDS: readonly FieldName[] = ['number', 'expiry', 'cvc', 'zip'];

/** What the token call is told of a card (never its number). */
interface CardDetails {
  brand: string;
  last4: string;
  expmonth: number;
  expyear: number;
  outcome: CardOutcome;
}

function byId<T extends HTMLElement>(id: string, kind: { new (): T; prototype: T }): T {
  const el = document.getElementById(id);
  if (!(el instanceof kind)) throw new Error(`The card form is missing #${id}.`);
  return el;
}

const root = byId('cf', HTMLElement);
const form = byId('cf-form', HTMLFormElement);
const status = byId('cf-status', HTMLParagraphElement);
const message = byId('cf-message', HTMLParagraphElement);
const problem = byId('cf-problem', HTMLParagraphElement);
const confirmPanel = byId('cf-confirm', HTMLElement);
const confirmText = byId('cf-confirm-text', HTMLParagraphElement);
const donePanel = byId('cf-done', HTMLElement);
const doneLabel = byId('cf-done-label', HTMLParagraphElement);
const testCards = byId('cf-cards-section', HTMLElement);
const inputs: Record<FieldName, HTMLInputElement> = {
  number: byId('cf-number', HTMLInputElement),
  expiry: byId('cf-expiry', HTMLInputElement),
  cvc: byId('cf-cvc', HTMLInputElement),
  zip: byId('cf-zip', HTMLInputElement),
};
const errors: Record<FieldName, HTMLParagraphElement> = {
  number: byId('cf-number-error', HTMLParagraphElement),
  expiry: byId('cf-expiry-error', HTMLParagraphElement),
  cvc: byId('cf-cvc-error', HTMLParagraphElement),
  zip: byId('cf-zip-error', HTMLParagraphElement),
};

const params = new URLSearchParams(window.location.search);
const eventcode = params.get('eventcode') ?? '';
// Messages go only to the app on this same origin; a page elsewhere that names itself is refused,
// so a card entered here can never be handed to it.
const parentOrigin = params.get('origin') === window.location.origin ? window.location.origin : null;

type OutgoingMessage =
  | { type: 'gavel-card'; cryptogram: string; brand: string; last4: string }
  /** Asked for the card, there is none to give: nothing typed, a field wrong (shown beside it), or the confirmation refused. */
  | { type: 'gavel-card-invalid'; reason: 'empty' | 'fields' | 'cancelled' }
  | { type: 'gavel-card-cleared' }
  | { type: 'gavel-card-error'; message: string }
  | { type: 'gavel-card-height'; height: number }
  /** Whether the fields hold anything, and whether all of them do (the app enables Save Card). */
  | { type: 'gavel-card-state'; empty: boolean; complete: boolean }
  /** The bank's confirmation is asked: the app brings the form into view. */
  | { type: 'gavel-card-confirm' };

function tell(msg: OutgoingMessage): void {
  if (parentOrigin && window.parent !== window) window.parent.postMessage(msg, parentOrigin);
}

function show(el: HTMLElement, text: string): void {
  el.textContent = text;
  el.hidden = text === '';
}

function showProblems(problems: Partial<Record<FieldName, string>>): void {
  for (const name of FIELDS) {
    show(errors[name], problems[name] ?? '');
    inputs[name].setAttribute('aria-invalid', problems[name] ? 'true' : 'false');
  }
}

let busy = false;

function setBusy(on: boolean): void {
  busy = on;
  show(status, on ? 'Checking the card…' : '');
  for (const input of Object.values(inputs)) input.readOnly = on;
  form.setAttribute('aria-busy', String(on));
}

/** What the app last heard of the fields, so it is told only of a change. */
let lastState = '';

function reportState(): void {
  const values = FIELDS.map((name) => inputs[name].value.trim());
  const state = {
    type: 'gavel-card-state' as const,
    empty: values.every((v) => v === ''),
    complete: values.every((v) => v !== ''),
  };
  const text = JSON.stringify(state);
  if (text === lastState) return;
  lastState = text;
  tell(state);
}

/** The one place the form switches between entry, the bank's confirmation and the chosen card. */
function showStep(step: 'entry' | 'confirm' | 'done'): void {
  form.hidden = step !== 'entry';
  // The test cards help only while a card is typed.
  testCards.hidden = step !== 'entry';
  confirmPanel.hidden = step !== 'confirm';
  donePanel.hidden = step !== 'done';
}

function readFields(): CardFields {
  return { number: inputs.number.value, expiry: inputs.expiry.value, cvc: inputs.cvc.value, zip: inputs.zip.value };
}

/** A string field of a JSON answer, read without trusting its shape. */
function textField(data: unknown, name: string): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const value: unknown = Object.entries(data).find(([key]) => key === name)?.[1];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function fail(text: string): void {
  show(message, text);
  tell({ type: 'gavel-card-error', message: text });
}

async function issueToken(card: CardDetails, authenticated: boolean): Promise<void> {
  setBusy(true);
  try {
    // This page is served by the API's own server, so the API is on this origin.
    const res = await fetch('/api/testpay/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ eventcode, ...card, authenticated }),
    });
    const data: unknown = await res.json().catch(() => null);
    const cryptogram = res.ok ? textField(data, 'cryptogram') : undefined;
    if (!cryptogram) return fail(textField(data, 'message') ?? 'An error has occurred!');
    chosen(card, cryptogram);
  } catch {
    fail('Something wrong with the token or connection');
  } finally {
    setBusy(false);
  }
}

/** The card given to the app, until another is entered: asked again, the app gets the same one. */
let given: { type: 'gavel-card'; cryptogram: string; brand: string; last4: string } | null = null;

function chosen(card: CardDetails, cryptogram: string): void {
  // The number and CVC are not kept on the page once the card is chosen.
  form.reset();
  reportState();
  showStep('done');
  doneLabel.textContent = cardLabel(card);
  given = { type: 'gavel-card', cryptogram, brand: card.brand, last4: card.last4 };
  tell(given);
}

let awaitingConfirmation: CardDetails | null = null;

/** The app asks for the card (its Pay, Checkout or Save Card was tapped). */
async function takeCard(): Promise<void> {
  if (busy || awaitingConfirmation) return;
  if (given) return tell(given);
  show(message, '');
  const fields = readFields();
  if (FIELDS.every((name) => fields[name].trim() === '')) {
    // Nothing typed: the app says so in its own words; the fields are not marked.
    showProblems({});
    return tell({ type: 'gavel-card-invalid', reason: 'empty' });
  }
  const problems = cardFieldProblems(fields, new Date());
  showProblems(problems);
  const first = FIELDS.find((name) => problems[name]);
  if (first) {
    inputs[first].focus();
    return tell({ type: 'gavel-card-invalid', reason: 'fields' });
  }
  const expiry = readExpiry(fields.expiry);
  const outcome = testCardOutcome(fields.number);
  if (!expiry || !outcome) return;
  const card: CardDetails = {
    brand: cardBrand(fields.number),
    last4: digitsOnly(fields.number).slice(-4),
    expmonth: expiry.month,
    expyear: expiry.year,
    outcome,
  };
  if (outcome !== 'authentication_required') return issueToken(card, false);
  // The card that needs the bidder's confirmation: asked here, as a bank's page would.
  awaitingConfirmation = card;
  showStep('confirm');
  confirmText.focus();
  tell({ type: 'gavel-card-confirm' });
}

function refuse(text: string): void {
  show(problem, text);
  for (const input of Object.values(inputs)) input.disabled = true;
}

function listTestCards(): void {
  const list = byId('cf-cards', HTMLUListElement);
  for (const card of TEST_CARDS) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'cf-card';
    button.dataset.testid = 'test-card';
    const number = document.createElement('span');
    number.className = 'cf-card-number';
    number.textContent = groupCardNumber(card.number);
    const label = document.createElement('span');
    label.className = 'cf-card-label';
    label.textContent = card.label;
    button.append(number, label);
    button.addEventListener('click', () => {
      if (inputs.number.disabled || busy) return;
      inputs.number.value = groupCardNumber(card.number);
      show(errors.number, '');
      reportState();
      inputs.expiry.focus();
    });
    item.append(button);
    list.append(item);
  }
}

/** A message from the app: only from the page that opened this form, on the origin it named. */
function onParentMessage(event: MessageEvent): void {
  if (!parentOrigin || event.origin !== parentOrigin || event.source !== window.parent) return;
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'gavel-card-take') void takeCard();
}

function wire(): void {
  // The form has no submit button; a press of Enter (or one before the script ran) goes nowhere.
  form.addEventListener('submit', (e) => e.preventDefault());
  window.addEventListener('message', onParentMessage);
  for (const name of FIELDS)
    inputs[name].addEventListener('input', () => {
      show(errors[name], '');
      reportState();
    });
  // Grouped as printed while typing at the end; editing in the middle is left alone.
  inputs.number.addEventListener('input', () => {
    const el = inputs.number;
    if (el.selectionStart === el.value.length) el.value = groupCardNumber(digitsOnly(el.value).slice(0, 19));
  });
  inputs.expiry.addEventListener('input', (e) => {
    const typing = e instanceof InputEvent && e.inputType.startsWith('insert');
    if (typing && /^\d{2}$/.test(inputs.expiry.value)) inputs.expiry.value += '/';
  });
  byId('cf-confirm-yes', HTMLButtonElement).addEventListener('click', () => {
    const card = awaitingConfirmation;
    awaitingConfirmation = null;
    showStep('entry');
    if (card) void issueToken(card, true);
  });
  byId('cf-confirm-no', HTMLButtonElement).addEventListener('click', () => {
    awaitingConfirmation = null;
    showStep('entry');
    show(message, cardFieldMessages.authenticationFailed);
    inputs.number.focus();
    tell({ type: 'gavel-card-invalid', reason: 'cancelled' });
  });
  byId('cf-another', HTMLButtonElement).addEventListener('click', () => {
    given = null;
    form.reset();
    showProblems({});
    show(message, '');
    showStep('entry');
    inputs.number.focus();
    tell({ type: 'gavel-card-cleared' });
    reportState();
  });
  // The app sizes the iframe to the form, so nothing scrolls inside it.
  let lastHeight = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(root.getBoundingClientRect().height);
    if (height === lastHeight) return;
    lastHeight = height;
    tell({ type: 'gavel-card-height', height });
  }).observe(root);
}

listTestCards();
wire();
if (!parentOrigin) refuse('This card form works only inside the auction app. Please go back to the app and try again.');
else if (!eventcode) refuse('This card form does not know its event. Please go back to the app and try again.');
// The first state tells the app the form is ready to be asked for a card.
else reportState();
