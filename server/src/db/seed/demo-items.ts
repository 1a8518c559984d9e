import type { ImportDocumentInput } from '@gavel/domain';
import { itemImage, type Motif } from './images';

type DemoItem = NonNullable<ImportDocumentInput['items']>[number];

const HALL = 'Silent Auction Hall';
const STAGE = 'Main Stage';
const ONLINE = 'Online';

interface Row {
  num: string;
  name: string;
  motif: Motif;
  text: string;
  by: string;
  fmv: number;
  where: string;
  tags: string[];
  extra?: Partial<DemoItem>;
  photos?: number;
}

/** A bid item: starting bid and minimum increase. */
const bid = (start: number, increase: number, extra: Partial<DemoItem> = {}): Partial<DemoItem> => ({ startingbid: start, minimumbidincrease: increase, ...extra });
/** Buy It Now only: price, units, per-purchase limit (0 = none). */
const buyNow = (price: number, quantity: number, max = 0): Partial<DemoItem> => ({ buyitnowonly: true, buyitnowprice: price, quantity, maxpurchasequantity: max, startingbid: 0 });

const ROWS: Row[] = [
  { num: '101', name: 'Weekend in Napa Valley', motif: 'travel', text: 'Two nights at a vineyard inn with a private tasting for two.', by: 'Silverado Travel', fmv: 1800, where: HALL, tags: ['Travel', 'Wine'], extra: bid(600, 25), photos: 3 },
  { num: '102', name: 'Chef’s Table for Eight', motif: 'food', text: 'A six-course dinner cooked in your home by Chef Maria Alvarez.', by: 'Casa Alvarez', fmv: 2400, where: HALL, tags: ['Dining'], extra: bid(800, 50), photos: 2 },
  { num: '103', name: 'Signed Cubs Jersey', motif: 'sports', text: 'Home jersey signed by the 2016 World Series roster, framed.', by: 'Wrigleyville Collectibles', fmv: 1500, where: HALL, tags: ['Sports'], extra: bid(300, 20, { allowautobid: false }) },
  { num: '104', name: 'Lake Cabin Getaway', motif: 'travel', text: 'Four nights at a lakeside cabin sleeping six, canoe included.', by: 'The Hendersons', fmv: 1200, where: HALL, tags: ['Travel', 'Family'], extra: bid(400, 20, { buyitnowavailable: true, buyitnowprice: 1400 }), photos: 2 },
  { num: '105', name: 'Original Watercolor: River at Dawn', motif: 'art', text: '18 x 24 in. watercolor by local artist June Park, framed.', by: 'June Park', fmv: 900, where: HALL, tags: ['Art'], extra: bid(250, 10) },
  { num: '106', name: 'Golf Foursome at Medinah', motif: 'sports', text: 'A round for four with carts and lunch at the clubhouse.', by: 'Medinah Country Club', fmv: 1600, where: HALL, tags: ['Sports', 'Experiences'], extra: bid(500, 25) },
  { num: '107', name: 'Wine Cellar Starter: 12 Reds', motif: 'wine', text: 'A dozen cellar-worthy reds chosen by our sommelier.', by: 'Vine & Barrel', fmv: 750, where: HALL, tags: ['Wine'], extra: bid(250, 10, { buyitnowavailable: true, buyitnowprice: 900 }) },
  { num: '108', name: 'Hot Air Balloon Ride for Two', motif: 'experience', text: 'A sunrise flight over the valley with a champagne toast.', by: 'SkyHigh Balloons', fmv: 700, where: HALL, tags: ['Experiences'], extra: bid(200, 10) },
  { num: '109', name: 'Family Zoo Membership', motif: 'kids', text: 'A year of visits for two adults and up to four children.', by: 'Brookfield Zoo', fmv: 250, where: HALL, tags: ['Family'], extra: bid(75, 5) },
  { num: '110', name: 'Spa Day for Two', motif: 'experience', text: 'Massages, facials and lunch at the Willow Spa.', by: 'Willow Spa', fmv: 600, where: HALL, tags: ['Experiences', 'Wellness'], extra: bid(180, 10) },
  { num: '111', name: 'Backstage Symphony Tour', motif: 'music', text: 'Meet the conductor and sit in on a rehearsal; two seats at the concert.', by: 'City Symphony', fmv: 0, where: HALL, tags: ['Music', 'Experiences'], extra: bid(300, 25, { ispriceless: true, fairmarketvalue: 0 }) },
  { num: '112', name: 'Cooking Class for Six', motif: 'food', text: 'A hands-on pasta class with dinner and wine afterwards.', by: 'The Kitchen Studio', fmv: 540, where: HALL, tags: ['Dining', 'Experiences'], extra: bid(150, 10) },
  { num: '113', name: 'Handmade Quilt', motif: 'home', text: 'Queen-size quilt stitched by the Riverbend Quilting Circle.', by: 'Riverbend Quilting Circle', fmv: 800, where: HALL, tags: ['Home', 'Art'], extra: bid(200, 10), photos: 2 },
  { num: '114', name: 'Kids’ Art Camp Week', motif: 'kids', text: 'A week of summer art camp for one child aged 6–12.', by: 'Little Picassos', fmv: 350, where: ONLINE, tags: ['Family', 'Art'], extra: bid(100, 5) },
  { num: '115', name: 'Vintage Vinyl Collection', motif: 'music', text: 'Fifty classic jazz records in excellent condition.', by: 'Groove Records', fmv: 650, where: ONLINE, tags: ['Music'], extra: bid(150, 10, { closing: 'soon' }) },
  { num: '116', name: 'Private Yoga Series', motif: 'experience', text: 'Five private sessions at home or in the studio.', by: 'Lotus Yoga', fmv: 450, where: ONLINE, tags: ['Wellness'], extra: bid(120, 5) },
  { num: '117', name: 'Bike Tune-Up and Helmet', motif: 'sports', text: 'A full tune-up plus a new helmet of your choice.', by: 'Spoke & Chain', fmv: 220, where: ONLINE, tags: ['Sports'], extra: bid(60, 5) },
  { num: '118', name: 'Gourmet Chocolate Box', motif: 'gift', text: 'Two dozen hand-made truffles.', by: 'Cocoa Lane', fmv: 60, where: ONLINE, tags: ['Dining', 'Gifts'], extra: buyNow(45, 8, 2) },
  { num: '119', name: 'Riverbend Gala Tote', motif: 'gift', text: 'Canvas tote with the gala logo; proceeds fund the reading program.', by: 'Riverbend Community Foundation', fmv: 25, where: ONLINE, tags: ['Gifts'], extra: { ...buyNow(25, 0), unlimitedquantity: true, maxpurchasequantity: 5 } },
  { num: '120', name: 'Raffle Ticket Bundle', motif: 'gift', text: 'Five chances to win the grand prize drawn at 9 pm.', by: 'Riverbend Community Foundation', fmv: 50, where: ONLINE, tags: ['Gifts'], extra: { ...buyNow(50, 0), unlimitedquantity: true } },
  { num: '121', name: 'Coffee Lover’s Basket', motif: 'gift', text: 'Beans from three roasters, a pour-over set and two mugs.', by: 'Daily Grind', fmv: 120, where: HALL, tags: ['Gifts', 'Dining'], extra: buyNow(95, 3) },
  { num: '122', name: 'Movie Night Package', motif: 'home', text: 'Popcorn machine, blankets and a year of streaming.', by: 'The Garcias', fmv: 300, where: HALL, tags: ['Home', 'Family'], extra: buyNow(200, 0) },
  { num: '123', name: 'Dinner with the Mayor', motif: 'food', text: 'Dinner for four with Mayor Thompson at Lumen.', by: 'Office of the Mayor', fmv: 0, where: STAGE, tags: ['Dining', 'Experiences'], extra: { itemisliveonly: true, ispriceless: true, startingbid: 0 } },
  { num: '124', name: 'Two Weeks in Tuscany', motif: 'travel', text: 'A villa for eight for two weeks; flights not included.', by: 'Villa Serena', fmv: 9000, where: STAGE, tags: ['Travel'], extra: { itemisliveonly: true, startingbid: 0 }, photos: 3 },
  { num: '125', name: 'Puppy Training Package', motif: 'kids', text: 'Six group classes and one home visit.', by: 'Good Dog Academy', fmv: 400, where: STAGE, tags: ['Family'], extra: { itemisliveonly: true, startingbid: 0 } },
  { num: '126', name: 'Front-Row Concert Tickets', motif: 'music', text: 'Two front-row seats for the summer concert series.', by: 'Pavilion Presents', fmv: 500, where: ONLINE, tags: ['Music'], extra: buyNow(400, 0) },
  { num: '127', name: 'Personal Training Month', motif: 'sports', text: 'Twelve sessions with a certified trainer.', by: 'Iron Works Gym', fmv: 900, where: ONLINE, tags: ['Wellness', 'Sports'], extra: bid(250, 10, { closing: 'soon' }) },
  { num: '128', name: 'Pottery Throwing Lessons', motif: 'art', text: 'Four evening lessons for two, clay and firing included.', by: 'Mud Room Studio', fmv: 320, where: ONLINE, tags: ['Art', 'Experiences'], extra: bid(90, 5) },
  { num: '129', name: 'Patio Furniture Set', motif: 'home', text: 'Teak table and four chairs, delivered.', by: 'Outdoor Living Co.', fmv: 1400, where: HALL, tags: ['Home'], extra: bid(450, 25) },
  { num: '130', name: 'Ski Weekend in Vail', motif: 'travel', text: 'Two nights slope-side with lift tickets for two.', by: 'Alpine Escapes', fmv: 2200, where: HALL, tags: ['Travel', 'Sports'], extra: bid(700, 50), photos: 2 },
  { num: '131', name: 'Sommelier Wine Dinner', motif: 'wine', text: 'A five-course pairing dinner for four.', by: 'Vine & Barrel', fmv: 960, where: HALL, tags: ['Wine', 'Dining'], extra: bid(300, 20) },
  { num: '132', name: 'Photography Session', motif: 'art', text: 'A family portrait session with ten edited prints.', by: 'Bright Light Studio', fmv: 600, where: ONLINE, tags: ['Family', 'Art'], extra: bid(150, 10) },
];

/** The demo's 32 items, covering every card variant and field. `soonCloses` is an early close for a few items. */
export function demoItems(soonCloses: string): DemoItem[] {
  return ROWS.map((r, i) => {
    const { closing, ...extra } = r.extra ?? {};
    const photos = Array.from({ length: r.photos ?? 1 }, (_, n) => itemImage(r.name, r.motif, n));
    return {
      itemnum: r.num,
      name: r.name,
      description: r.text,
      longdescription: `<p>Generously donated by <strong>${r.by}</strong>.</p><p>Pick up at the registration desk after the event, or ask a volunteer to arrange delivery. Certificates are valid for one year from the gala.</p>`,
      donatedby: r.by,
      fairmarketvalue: typeof r.fmv === 'number' ? r.fmv : 0,
      imageurl: photos[0],
      photos: photos.length > 1 ? photos : [],
      tags: r.tags,
      location: r.where,
      quantity: 1,
      featured: i,
      // Gift items are handed over at the gift table; everything else follows the event's pickup instructions.
      ...(r.motif === 'gift' ? { pickupinstructions: 'Pick up at the gift table by the main entrance, any time tonight.' } : {}),
      ...extra,
      ...(closing === 'soon' ? { closing: soonCloses } : {}),
    };
  });
}
