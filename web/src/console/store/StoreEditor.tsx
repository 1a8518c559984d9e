import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { FormMessage } from '../ui/fields';
import { GuestFieldsSection } from './GuestFieldsSection';
import { ItemsSection } from './ItemsSection';
import { PromoSection } from './PromoSection';
import { describeField, formProblems, sectionOf, type StoreSection } from './problems';
import { StorePageSection } from './StorePageSection';
import type { StoreForm, StoreUse } from './storeForm';

const SECTIONS: Array<{ key: StoreSection; label: string }> = [
  { key: 'items', label: 'Items' },
  { key: 'promocodes', label: 'Promo codes' },
  { key: 'fields', label: 'Guest fields' },
  { key: 'page', label: 'Store page & checkout' },
];

/**
 * The store form's screen: its sections as tabs (all kept in the form, one shown), the problems
 * of the last save listed at the top with a way to each, and one Save for the whole store.
 */
export function StoreEditor({
  form,
  use,
  timezone,
  onSubmit,
  refusal,
  busy,
  saved,
}: {
  form: StoreForm;
  use: StoreUse;
  timezone: string;
  onSubmit: (e?: React.BaseSyntheticEvent) => Promise<void>;
  refusal: string;
  busy: boolean;
  saved: boolean;
}) {
  const [shown, setShown] = useState<StoreSection>('items');
  const tabs = useRef(new Map<StoreSection, HTMLButtonElement>());
  const items = useFieldArray({ control: form.control, name: 'store.items' });
  const promocodes = useFieldArray({ control: form.control, name: 'store.promocodes' });
  const fields = useFieldArray({ control: form.control, name: 'store.registration.fields' });
  const counts: Partial<Record<StoreSection, number>> = {
    items: items.fields.length,
    promocodes: promocodes.fields.length,
    fields: fields.fields.length,
  };
  const problems = formProblems(form.formState.errors);
  const wrong = problems.length > 0;
  // Once a save has found problems, every change checks the whole store again, so the list at the
  // top and each row's mark follow what is typed (a problem of one field can depend on another's).
  useEffect(() => {
    if (!wrong) return undefined;
    const watching = form.watch((_values, { type }) => {
      if (type === 'change') void form.trigger();
    });
    return () => watching.unsubscribe();
  }, [form, wrong]);
  const problemsIn = (section: StoreSection) => problems.filter((p) => sectionOf(p.name) === section).length;

  const show = (section: StoreSection, focus = false) => {
    setShown(section);
    if (focus) tabs.current.get(section)?.focus();
  };
  // Arrow keys move between the tabs, as a tab list does.
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, at: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    e.preventDefault();
    const next = SECTIONS[(at + step + SECTIONS.length) % SECTIONS.length];
    if (next) show(next.key, true);
  };
  const jump = (name: string) => {
    setShown(sectionOf(name));
    // The field exists once its section is shown (every section stays mounted, so at once).
    requestAnimationFrame(() => form.setFocus(name as Parameters<StoreForm['setFocus']>[0]));
  };

  return (
    <form className="console-form store-form" onSubmit={onSubmit} noValidate data-testid="store-form">
      <div className="store-savebar">
        <div role="tablist" aria-label="Store settings" className="store-tabs">
          {SECTIONS.map(({ key, label }, at) => {
            const wrong = problemsIn(key);
            return (
              <button
                key={key}
                ref={(el) => {
                  if (el) tabs.current.set(key, el);
                }}
                type="button"
                role="tab"
                id={`store-section-${key}`}
                aria-selected={shown === key}
                aria-controls={`store-panel-${key}`}
                tabIndex={shown === key ? 0 : -1}
                className={`store-tab${wrong > 0 ? ' store-tab-wrong' : ''}`}
                onClick={() => show(key)}
                onKeyDown={(e) => onTabKey(e, at)}
                data-testid={`store-section-${key}`}
              >
                {label}
                {counts[key] !== undefined && <span className="store-count">{counts[key]}</span>}
                {wrong > 0 && (
                  <span className="store-tab-problems">
                    {wrong} problem{wrong === 1 ? '' : 's'}
                  </span>
                )}
              </button>
            );
          })}
        </div>
        <div className="store-save">
          <span className="store-save-state" role="status" data-testid="store-save-state">
            {busy ? 'Saving…' : form.formState.isDirty ? 'Unsaved changes' : saved ? 'Saved' : ''}
          </span>
          {form.formState.isDirty && (
            <button type="button" className="console-button secondary" onClick={() => form.reset()} disabled={busy}>
              Discard
            </button>
          )}
          <button type="submit" className="console-button" disabled={busy} data-testid="store-save">
            Save store
          </button>
        </div>
      </div>

      {(refusal || problems.length > 0) && (
        <div className="console-error store-summary" data-testid="store-summary">
          <p className="store-summary-head">
            The store was not saved
            {problems.length > 0 ? `: ${problems.length} problem${problems.length === 1 ? '' : 's'}.` : '.'}
          </p>
          {problems.length === 0 && <FormMessage message={refusal} testId="store-message" />}
          {problems.length > 0 && (
            <ul>
              {problems.map((p) => (
                <li key={`${p.name}:${p.message}`}>
                  <button
                    type="button"
                    className="console-link-button"
                    onClick={() => jump(p.name)}
                    data-testid="store-summary-link"
                  >
                    {describeField(p.name)}
                  </button>{' '}
                  {p.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      {SECTIONS.map(({ key }) => (
        <div
          key={key}
          role="tabpanel"
          id={`store-panel-${key}`}
          aria-labelledby={`store-section-${key}`}
          hidden={shown !== key}
          data-testid={`store-panel-${key}`}
        >
          {key === 'items' && <ItemsSection form={form} use={use} timezone={timezone} list={items} />}
          {key === 'promocodes' && <PromoSection form={form} use={use} timezone={timezone} list={promocodes} />}
          {key === 'fields' && <GuestFieldsSection form={form} use={use} timezone={timezone} list={fields} />}
          {key === 'page' && <StorePageSection form={form} />}
        </div>
      ))}
    </form>
  );
}
