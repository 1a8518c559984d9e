import type { ImportDocumentInput } from '@gavel/domain';
import { demoItems } from './demo-items';
import { demoStore } from './demo-store';
import { logoImage, sponsorImage } from './images';

/** The instant at which the wall clock in `zone` reads `hour`:00 on the day `daysAhead` days after `now`'s day there. */
export function wallClockIn(zone: string, now: Date, daysAhead: number, hour: number): Date {
  const parts = (at: Date) => {
    const fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    const p = Object.fromEntries(fmt.formatToParts(at).map((x) => [x.type, Number(x.value)]));
    return Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0);
  };
  const day = new Date(parts(now));
  const wanted = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + daysAhead, hour);
  // The zone's offset at the guess, then at the answer (a clock change between them moves it).
  let at = wanted - (parts(new Date(wanted)) - wanted);
  at = wanted - (parts(new Date(at)) - at);
  return new Date(at);
}

/**
 * The demo gala imported into an empty database: organization and event code `demo`, bidding open
 * from a few minutes ago for seven days, guests and anonymous bidding allowed, 33 items, and a
 * display board with a goal. The gala night itself (the venue) is six days on, 6 to 11 PM in Chicago,
 * before bidding closes.
 */
export function demoDocument(now: Date): ImportDocumentInput {
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
  return {
    organization: { auctioncode: 'demo', name: 'Riverbend Community Foundation' },
    event: {
      eventcode: 'demo',
      eventname: 'Riverbend Spring Gala',
      timezone: 'America/Chicago',
      logourl: logoImage('RG'),
      sponsorurl: [sponsorImage('Lakeside Bank'), sponsorImage('Northwind Health'), sponsorImage('Brightside Realty')],
      homemessage:
        '<p>Welcome to the <strong>Riverbend Spring Gala</strong>! Every bid funds free reading programs for 1,200 children in our county.</p><p>Enter your email to join and start bidding.</p>',
      welcomemessage:
        '<p>Thank you for joining us. Browse the items, set an automatic bid so you never miss out, and watch your favorites.</p>',
      preeventtext: '<p>The gala opens soon. Join now to be ready when bidding starts.</p>',
      contactus: '<p>Questions about an item or your bids? Find a volunteer in a purple scarf, or reach us below.</p>',
      privacypolicy:
        '<h2>Privacy Policy</h2><p>Riverbend Community Foundation collects your name, email, phone number and address to run this auction: to register you as a bidder, tell you about your bids, and arrange payment and pickup of items you win.</p><p>We never sell your information. We share it only with the payment processor that handles your card, and with donors of items you win when they deliver the item.</p><p>You may ask us to correct or delete your information at any time by writing to the address below.</p>',
      organizationphone: '(312) 555-0142',
      organizationemail: 'gala@riverbend.example.org',
      eventopens: at(-60),
      biddingopens: at(-5),
      biddingcloses: at(7 * 24 * 60),
      eventcloses: at(8 * 24 * 60),
      allowbillme: true,
      allowpayccfees: true,
      ccfeespercent: 3,
      eventallowanonymousbidding: true,
      eventallowguestentry: true,
      ziprequired: true,
      // Card payments through the built-in test gateway: no money moves (docs/payments.md).
      paymentprocessorcode: 1,
      currency: 'usd',
      pickupinstructions:
        'Collect your items at the registration desk in the Grand Hall from 9 pm, or on Monday 9 am to 5 pm at the Foundation office, 210 River Street.',
      // The venue display board (/demo/detail, /demo/list): the total raised towards a goal, and a line under each item.
      display: { goal: 25000, message: 'Scan the code to bid from your phone' },
      venue: {
        name: 'The Grand Hall at Riverbend Commons',
        address: '400 Riverside Drive\nRiverbend, IL 60614',
        starts: wallClockIn('America/Chicago', now, 6, 18).toISOString(),
        ends: wallClockIn('America/Chicago', now, 6, 23).toISOString(),
      },
      // Tax receipts (docs/console.md, "After the night: tax receipts"); the EIN is an example.
      legalname: 'Riverbend Community Foundation, Inc.',
      taxid: '36-0000000',
      receiptaddress: '210 River Street\nRiverbend, IL 60614',
      receiptdisclosure:
        'Riverbend Community Foundation is a tax-exempt organization under section 501(c)(3) of the Internal Revenue Code. Please keep this receipt for your tax records.',
    },
    items: demoItems(at(120)),
    store: demoStore(now),
  };
}
