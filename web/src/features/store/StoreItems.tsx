import { useState } from 'react';
import { FREE_ITEM_TYPE, formatMoney, type StoreItem, type StoreTab, storeMessages } from '@gavel/domain';
import { ItemDialog, NoticeDialog, type StoreNotice } from './storeDialogs';
import { QuantityBox } from './QuantityBox';
import { shownItems } from './storeTabs';

/** Sold out: none left, none in this cart, and not unlimited (spec section 2). */
function soldOut(item: StoreItem): boolean {
  return item.quantityremaining === 0 && item.cartquantity === 0 && !item.isquantityunlimited;
}

/**
 * The Tickets and Merchandise tabs: the items grouped under their section headings (a section
 * only when it has items with an id above 0), each with its logo, name, description, price line
 * and quantity box.
 */
export function StoreItems({ tab, locked }: { tab: StoreTab; locked: boolean }) {
  const [notice, setNotice] = useState<StoreNotice | null>(null);
  const [opened, setOpened] = useState<StoreItem | null>(null);
  const sections = tab.sections.map((s) => ({ ...s, data: shownItems(s.data) })).filter((s) => s.data.length > 0);
  return (
    <>
      {sections.length === 0 ? (
        <p className="gavel-card gavel-muted gavel-center" data-testid={`store-empty-${tab.tabname}`}>
          Nothing is on sale here yet.
        </p>
      ) : null}
      {sections.map((section, n) => (
        <section key={`${section.sectionheading}-${n}`} className="gavel-store-section" data-testid="store-section">
          {section.sectionheading ? <h2 className="gavel-store-section-heading">{section.sectionheading}</h2> : null}
          {section.data.map((item) => (
            <article key={item.id} className="gavel-card gavel-store-item" data-testid={`store-item-${item.id}`}>
              <div className="gavel-store-item-head">
                {item.logourl ? (
                  <button
                    type="button"
                    className="gavel-store-logo"
                    aria-label={`About ${item.name}`}
                    data-testid={`store-logo-${item.id}`}
                    onClick={() => setOpened(item)}
                  >
                    <img src={item.logourl} alt="" />
                  </button>
                ) : null}
                <div className="gavel-store-item-text">
                  <h3>{item.name}</h3>
                  {item.description ? <p className="gavel-store-description">{item.description}</p> : null}
                </div>
              </div>
              <div className="gavel-store-item-foot">
                <span className="gavel-store-price" data-testid={`store-price-${item.id}`}>
                  {item.itemtypecode === FREE_ITEM_TYPE ? storeMessages.free : formatMoney(item.price)}
                </span>
                {soldOut(item) ? (
                  <span className="gavel-store-soldout" data-testid={`store-soldout-${item.id}`}>
                    {storeMessages.soldOut}
                  </span>
                ) : (
                  <QuantityBox item={item} disabled={locked} onNotice={setNotice} />
                )}
              </div>
            </article>
          ))}
        </section>
      ))}
      <NoticeDialog notice={notice} onClose={() => setNotice(null)} />
      <ItemDialog item={opened} onClose={() => setOpened(null)} />
    </>
  );
}
