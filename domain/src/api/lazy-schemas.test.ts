import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import type { AuctionItem, AuctionItemsResponse, SessionUser } from '../index';
import { auctionItem, auctionItemsResponse, sessionUser } from '../index';
import { contracts } from './all-contracts';
import { type AnswerOf, appCalls, type RequestOf } from './contracts';

/**
 * A phone's first load builds only the schemas of the calls it makes (issue 31): the app's calls
 * hold their schemas in zod's lazy, which builds one when it is first used and keeps it.
 */
describe('the schemas of the calls', () => {
  it('are built once, on first use, whatever uses them first', () => {
    const build = vi.fn(() => z.object({ amount: z.number(), name: z.string().max(5) }));
    const schema = z.lazy(build);
    const inList = z.object({ items: z.array(schema) });
    expect(build).not.toHaveBeenCalled();

    expect(inList.parse({ items: [{ amount: 1, name: 'a' }] })).toEqual({ items: [{ amount: 1, name: 'a' }] });
    expect(z.encode(schema, { amount: 2, name: 'b' })).toEqual({ amount: 2, name: 'b' });
    expect(schema.safeParse({ amount: 1, name: 'too long' }).success).toBe(false);
    expect(z.toJSONSchema(schema)).toMatchObject({ type: 'object', required: ['amount', 'name'] });
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('wait to be used, save the first screen’s event and answers of a few fields', () => {
    const eager: string[] = [];
    for (const [key, call] of Object.entries(appCalls)) {
      const parts: Array<[string, z.ZodType | undefined]> = [
        ['answer', call.response],
        ['body', 'body' in call ? call.body : undefined],
      ];
      for (const [part, schema] of parts) {
        if (!schema || schema instanceof z.ZodLazy) continue;
        const small = schema instanceof z.ZodObject && Object.keys(schema.shape).length <= 4;
        if (!small) eager.push(`${key} ${part}`);
      }
    }
    // The event's answer decodes the data written into the page, before the first render.
    expect(eager).toEqual(['POST /event answer']);
  });

  it('decode and encode as before: cents inside, dollars on the wire', () => {
    const item = auctionItem.parse({ ...sampleItem(), currentbid: 12.5 });
    expect(item.currentbid).toBe(1250);
    const wire = z.encode(contracts['POST /auctionitems'].response, { status: 'success', auctionitems: [item] });
    expect(wire.auctionitems[0]?.currentbid).toBe(12.5);
    expect(auctionItemsResponse.safeParse({ status: 'success', auctionitems: [{ itemid: 1 }] }).success).toBe(false);
    expect(sessionUser.safeParse({}).success).toBe(false);
  });

  it('keep the types of the map exactly', () => {
    expectTypeOf<AnswerOf<'POST /auctionitems'>>().toEqualTypeOf<AuctionItemsResponse>();
    expectTypeOf<AnswerOf<'POST /itemdetails'>['item']>().toEqualTypeOf<AuctionItem>();
    expectTypeOf<RequestOf<'POST /auctionitems'>>().toEqualTypeOf<{
      eventcode: string;
      auctioncode?: string | undefined;
      includethumbnail?: boolean | undefined;
    }>();
    expectTypeOf<Omit<AnswerOf<'POST /login'>, 'status' | 'message'>>().toEqualTypeOf<SessionUser>();
    expectTypeOf<z.output<typeof auctionItem>>().toEqualTypeOf<AuctionItem>();
  });
});

function sampleItem(): Record<string, unknown> {
  const text = { name: 'Weekend', description: '', longdescription: '', itemnum: '101', donatedby: '', imageurl: '' };
  const amounts = {
    fairmarketvalue: 0,
    buyitnowprice: 0,
    startingbid: 10,
    lastbid: 0,
    currentbid: 0,
    minimumbidincrease: 1,
    minimumnextbid: 10,
    accountautobidamount: 0,
    accountautobidincrement: 0,
  };
  const flags = {
    ispriceless: false,
    unlimitedquantity: false,
    buyitnowonly: false,
    buyitnowavailable: false,
    itemisliveonly: false,
    allowautobid: true,
    watchlist: false,
    currentlywinningbid: false,
    accountbiddingon: false,
    accountisautobid: false,
    needscardtobid: false,
  };
  const counts = {
    quantity: 1,
    quantityavailable: 1,
    maxpurchasequantity: 0,
    maxpurchaseperbidder: 0,
    numberofbids: 0,
  };
  return {
    itemid: 1,
    ...text,
    ...amounts,
    ...flags,
    ...counts,
    tags: '',
    location: '',
    bidstatus: 'biddingopen',
    closing: '2026-12-03T07:00:00.000Z',
    closingcst: '12-03-2026 1:00 AM',
    featured: 0,
    historyid: 0,
  };
}
