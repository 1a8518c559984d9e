import type { ImportDocumentInput } from '@gavel/domain';
import { itemImage } from './images';

type StoreInput = NonNullable<ImportDocumentInput['store']>;

/**
 * The demo gala's store: single tickets, a table of eight, a free volunteer ticket, two shirts in
 * sizes, a sold-out item, and two promo codes (GALA10 for 10% off anything; TABLE50 for $50 off a
 * table, ten uses). Guests of a purchase register with a meal choice, dietary needs, valet, age,
 * a paddle-raise pledge and a read-only table number. Try it at /demo/event.
 */
export function demoStore(now: Date): StoreInput {
  const at = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();
  return {
    header: 'Riverbend Spring Gala',
    landinghtml:
      '<h2>An evening for young readers</h2><p>Join us at the Grand Hall for dinner, music and our live auction. Every ticket funds free reading programs for 1,200 children in our county.</p><p><strong>Doors open at 6 pm.</strong> Cocktail attire.</p>',
    footerhtml:
      '<p>Riverbend Community Foundation · 210 River Street · (312) 555-0142</p><p>Tickets are non-refundable; they may be transferred to a guest of your choice.</p>',
    buttons: {
      event: { label: 'Buy Tickets', show: true },
      auction: { label: 'Go to the Auction', show: true },
      donate: { label: 'Donate', show: true },
    },
    tabs: [
      { tabname: 'Tickets', heading: 'Choose your tickets', enabled: true },
      { tabname: 'Merchandise', heading: 'Gala merchandise', enabled: true },
      { tabname: 'Registration', heading: 'Your guests', enabled: true },
      { tabname: 'Cart', heading: 'Review and pay', enabled: true },
    ],
    items: [
      {
        code: 'single',
        tab: 'Tickets',
        section: 'Gala tickets',
        name: 'Single Ticket',
        description: 'Dinner, drinks and the live auction for one guest.',
        price: 150,
        quantity: 200,
        maxpertransaction: 10,
        seats: 1,
        logourl: itemImage('Single Ticket', 'music'),
      },
      {
        code: 'table8',
        tab: 'Tickets',
        section: 'Gala tickets',
        name: 'Table of Eight',
        description: 'A reserved table for eight guests, with your name on the table card.',
        price: 1100,
        quantity: 12,
        maxpertransaction: 2,
        seats: 8,
        logourl: itemImage('Table of Eight', 'food'),
      },
      {
        code: 'patron',
        tab: 'Tickets',
        section: 'Gala tickets',
        name: 'Patron Table',
        description: 'Front-row table for ten with a private reception. Thank you, patrons!',
        price: 5000,
        quantity: 2,
        maxpertransaction: 1,
        seats: 10,
        logourl: itemImage('Patron Table', 'wine'),
      },
      {
        code: 'volunteer',
        tab: 'Tickets',
        section: 'Volunteers',
        name: 'Volunteer Ticket',
        description: 'For our evening volunteers: dinner is on us. Please arrive by 5 pm.',
        itemtypecode: 4,
        quantity: 30,
        maxpertransaction: 1,
        seats: 1,
      },
      {
        code: 'shirt-s',
        tab: 'Merchandise',
        section: 'Gala T-shirt',
        name: 'Gala T-shirt, Small',
        description: 'Soft purple cotton tee with the gala logo.',
        price: 25,
        quantity: 20,
        logourl: itemImage('Gala T-shirt', 'gift'),
      },
      {
        code: 'shirt-m',
        tab: 'Merchandise',
        section: 'Gala T-shirt',
        name: 'Gala T-shirt, Medium',
        description: 'Soft purple cotton tee with the gala logo.',
        price: 25,
        quantity: 30,
        logourl: itemImage('Gala T-shirt', 'gift'),
      },
      {
        code: 'shirt-l',
        tab: 'Merchandise',
        section: 'Gala T-shirt',
        name: 'Gala T-shirt, Large',
        description: 'Soft purple cotton tee with the gala logo.',
        price: 25,
        quantity: 30,
        logourl: itemImage('Gala T-shirt', 'gift'),
      },
      {
        code: 'hoodie-m',
        tab: 'Merchandise',
        section: 'Reading Buddy Hoodie',
        name: 'Reading Buddy Hoodie, Medium',
        description: 'Cozy grey hoodie: "I read with a buddy".',
        price: 45,
        quantity: 15,
        logourl: itemImage('Reading Buddy Hoodie', 'kids'),
      },
      {
        code: 'hoodie-l',
        tab: 'Merchandise',
        section: 'Reading Buddy Hoodie',
        name: 'Reading Buddy Hoodie, Large',
        description: 'Cozy grey hoodie: "I read with a buddy".',
        price: 45,
        quantity: 15,
        logourl: itemImage('Reading Buddy Hoodie', 'kids'),
      },
      {
        code: 'tote',
        tab: 'Merchandise',
        section: 'Keepsakes',
        name: 'Signed Author Tote Bag',
        description: "Signed by this year's guest author. All gone, thank you!",
        price: 35,
        quantity: 0,
        logourl: itemImage('Signed Author Tote', 'art'),
      },
    ],
    promocodes: [
      { code: 'GALA10', percent: 10, validuntil: at(30) },
      { code: 'TABLE50', amount: 50, maxuses: 10, items: ['table8'] },
    ],
    holdminutes: 15,
    billme: true,
    allowpaymentoffees: true,
    requiredemail: true,
    requiredzip: true,
    registration: {
      title: 'Spring Gala Guest Registration',
      allowgrouprename: true,
      editdeadline: at(7),
      fields: [
        {
          code: 'meal',
          label: 'Meal Choice',
          control: 2,
          required: true,
          lookups: ['Roast Chicken', 'Grilled Salmon', 'Wild Mushroom Risotto (vegetarian)', "Children's Plate"],
        },
        { code: 'dietary', label: 'Allergies or Dietary Needs', control: 5, textlength: 200 },
        { code: 'valet', label: 'Needs Valet Parking', control: 1 },
        { code: 'age', label: 'Age (if under 18)', control: 3 },
        { code: 'pledge', label: 'Paddle Raise Pledge', control: 4 },
        { code: 'table', label: 'Table Number', control: 5, readonly: true, textlength: 10 },
      ],
    },
  };
}
