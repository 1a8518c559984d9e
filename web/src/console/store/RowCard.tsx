import type { ReactNode } from 'react';
import type { UseFieldArrayReturn } from 'react-hook-form';
import type { StoreSettingsValues } from '@gavel/domain';
import { messageAt, type StoreForm, type StoreUse } from './storeForm';

/**
 * One row of a list in the store form (an item, a promo code, a guest field, a tab): a heading that
 * says what it is, the buttons that move or remove it, and its fields. A row the server or the form
 * finds wrong is marked, so it is found in a long list.
 */
export function RowCard({
  title,
  badges,
  index,
  count,
  onMove,
  onRemove,
  removeBlocked,
  invalid,
  testId,
  children,
}: {
  title: string;
  badges?: ReactNode;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  /** Why the row cannot be removed (the server would refuse); the button is then off and says so. */
  removeBlocked?: string;
  invalid: boolean;
  testId: string;
  children: ReactNode;
}) {
  const headingId = `${testId}-title`;
  return (
    <section
      className={`store-row${invalid ? ' store-row-invalid' : ''}`}
      aria-labelledby={headingId}
      data-testid={testId}
    >
      <div className="store-row-head">
        <h3 id={headingId} className="store-row-title">
          <span className="store-row-number">{index + 1}</span>
          {title}
        </h3>
        {badges && <div className="store-row-badges">{badges}</div>}
        <div className="store-row-tools">
          <button
            type="button"
            className="console-button secondary store-icon-button"
            onClick={() => onMove(index, index - 1)}
            disabled={index === 0}
            aria-label={`Move ${title} up`}
            data-testid={`${testId}-up`}
          >
            ↑
          </button>
          <button
            type="button"
            className="console-button secondary store-icon-button"
            onClick={() => onMove(index, index + 1)}
            disabled={index === count - 1}
            aria-label={`Move ${title} down`}
            data-testid={`${testId}-down`}
          >
            ↓
          </button>
          <button
            type="button"
            className="console-button danger"
            onClick={onRemove}
            disabled={removeBlocked !== undefined}
            aria-label={`Remove ${title}`}
            aria-describedby={removeBlocked ? `${testId}-kept` : undefined}
            data-testid={`${testId}-remove`}
          >
            Remove
          </button>
        </div>
      </div>
      {removeBlocked && (
        <p className="store-row-kept" id={`${testId}-kept`}>
          {removeBlocked}
        </p>
      )}
      <div className="store-row-body">{children}</div>
    </section>
  );
}

/** A list's heading line: what it holds and its Add button. */
export function ListHead({
  title,
  hint,
  addLabel,
  onAdd,
  testId,
  disabled,
}: {
  title: string;
  hint: ReactNode;
  addLabel: string;
  onAdd: () => void;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <div className="store-list-head">
      <div>
        <h2>{title}</h2>
        <p className="console-hint">{hint}</p>
      </div>
      <button
        type="button"
        className="console-button secondary"
        onClick={onAdd}
        data-testid={testId}
        disabled={disabled}
      >
        {addLabel}
      </button>
    </div>
  );
}

/** A problem of a list itself (an item the server keeps), or of a value shown by another field. */
export function ListProblem({ message, testId }: { message: string | undefined; testId: string }) {
  if (!message) return null;
  return (
    <p className="console-field-error store-list-problem" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}

/** What a section of lists is handed: the form, what the store has sold, the event's zone, and its list. */
export interface SectionProps<N extends 'store.items' | 'store.promocodes' | 'store.registration.fields'> {
  form: StoreForm;
  use: StoreUse;
  timezone: string;
  list: UseFieldArrayReturn<StoreSettingsValues, N>;
}

/** What each row of a list is handed. */
export interface RowProps {
  form: StoreForm;
  index: number;
  count: number;
  /** The code the row had when the store was read ('' for a new row): what the server knows it by. */
  savedCode: string;
  use: StoreUse;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}

/**
 * A list of the store form (items, promo codes, guest fields): its heading and Add button, its own
 * problem (a row the server keeps), a word when it is empty, and a row for each entry.
 */
export function StoreList({
  form,
  use,
  name,
  list,
  title,
  hint,
  addLabel,
  addTestId,
  empty,
  onAdd,
  row,
}: {
  form: StoreForm;
  use: StoreUse;
  name: 'store.items' | 'store.promocodes' | 'store.registration.fields';
  list: {
    fields: Array<{ id: string; code: string }>;
    move: (from: number, to: number) => void;
    remove: (index: number) => void;
  };
  title: string;
  hint: string;
  addLabel: string;
  addTestId: string;
  empty: string;
  onAdd: () => void;
  row: (props: RowProps) => ReactNode;
}) {
  const { fields, move, remove } = list;
  return (
    <>
      <ListHead title={title} hint={hint} addLabel={addLabel} onAdd={onAdd} testId={addTestId} />
      <ListProblem message={messageAt(form, name)} testId={`${addTestId}-problem`} />
      {fields.length === 0 && <p className="console-notice">{empty}</p>}
      {fields.map((field, index) => (
        <div key={field.id}>
          {row({
            form,
            index,
            count: fields.length,
            savedCode: field.code,
            use,
            onMove: move,
            onRemove: () => remove(index),
          })}
        </div>
      ))}
    </>
  );
}
