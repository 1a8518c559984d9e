import { formatPhone, type MessagePreview } from '@gavel/domain';

/** What a preview says: how many get it, who is left out and why, and the message as its first recipient gets it. */
export function PreviewView({ preview }: { preview: MessagePreview }) {
  const { example } = preview;
  return (
    <div className="messages-preview" data-testid="message-preview">
      <p className="messages-summary" data-testid="preview-summary">
        {preview.message}
      </p>
      {preview.recipients > 0 && (
        <p className="messages-channels" data-testid="preview-channels">
          {preview.emails} by email · {preview.texts} by text
        </p>
      )}
      {preview.leftout.length > 0 && (
        <div className="messages-leftout">
          <h3>Left out</h3>
          <ul data-testid="preview-leftout">
            {preview.leftout.map((l) => (
              <li key={l.why} data-why={l.why}>
                {l.words}
              </li>
            ))}
          </ul>
        </div>
      )}
      {example && (
        <div className="messages-example">
          <h3>As {example.name} gets it</h3>
          <div className="messages-example-row">
            {example.email && (
              <figure className="messages-email" data-testid="example-email">
                <figcaption>Email to {example.email}</figcaption>
                <p className="messages-subject">
                  <strong>Subject:</strong> {example.subject}
                </p>
                <pre className="messages-mail-text">{example.emailtext}</pre>
              </figure>
            )}
            {example.text && (
              <figure className="messages-text" data-testid="example-text">
                <figcaption>Text to {formatPhone(example.phone)}</figcaption>
                <p className="messages-bubble">{example.text}</p>
              </figure>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
