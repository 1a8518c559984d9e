import {
  BIDDER_FIELDS,
  isBidderAudience,
  MERGE_FIELD_HINTS,
  MERGE_FIELDS,
  type MergeField,
  type MessageAudience,
  renderMerge,
  SAMPLE_MERGE_VALUES,
  textMessage,
  textSize,
} from '@gavel/domain';

/** The merge fields the audience has values for: a buyer or a guest may be no bidder. */
export function fieldsFor(audience: MessageAudience): MergeField[] {
  return MERGE_FIELDS.filter((f) => isBidderAudience(audience) || !BIDDER_FIELDS.includes(f));
}

/** A button per merge field: it puts the field where the cursor is in the message. */
export function MergeButtons({
  audience,
  onInsert,
}: {
  audience: MessageAudience;
  onInsert: (field: MergeField) => void;
}) {
  return (
    <div className="messages-fields" role="group" aria-label="Insert a merge field" data-testid="merge-fields">
      {fieldsFor(audience).map((field) => (
        <button
          key={field}
          type="button"
          className="console-button secondary messages-field"
          title={MERGE_FIELD_HINTS[field]}
          onClick={() => onInsert(field)}
          data-testid={`merge-${field}`}
        >
          {`{${field}}`}
        </button>
      ))}
    </div>
  );
}

/**
 * How long the text is, with sample values for the fields (a real pay link is as long as the
 * sample's): characters and how many texts each person's makes, as the provider bills them.
 */
export function TextLengthHint({ eventname, body }: { eventname: string; body: string }) {
  const text = textMessage(eventname, renderMerge(body, { ...SAMPLE_MERGE_VALUES, event: eventname }));
  const { characters, segments, unicode } = textSize(text);
  return (
    <p className="messages-length" data-testid="text-length" aria-live="polite">
      About {characters} characters with the event’s name and “Reply STOP to unsubscribe.”:{' '}
      <strong>{segments === 1 ? '1 text' : `${segments} texts`}</strong> per person.
      {unicode && ' Emoji and curly quotes make each text hold fewer characters (70 instead of 160).'}
    </p>
  );
}
