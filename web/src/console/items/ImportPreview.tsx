import { type ConsoleImportResponse, ITEM_FIELD_LABELS, type ItemField } from '@gavel/domain';

/** The most rows drawn: a longer file's problems are all listed above the table anyway. */
const ROWS_SHOWN = 500;

const labelOf = (column: string) => ITEM_FIELD_LABELS[column as ItemField] ?? column;

/**
 * What the server found: every problem by row and column, then the rows as they will be imported,
 * new or an update, each problem's cell marked with its message.
 */
export function ImportPreview({ answer }: { answer: ConsoleImportResponse }) {
  const byCell = new Map(answer.errors.map((e) => [`${e.row}:${e.column}`, e.message]));
  const badRows = new Set(answer.errors.map((e) => e.row));
  const rows = answer.rows.slice(0, ROWS_SHOWN);
  return (
    <section className="items-preview" aria-labelledby="preview-heading" data-testid="import-preview">
      <h2 id="preview-heading">Preview</h2>
      {answer.errors.length > 0 && (
        <div className="console-error items-problems" role="alert" data-testid="import-problems">
          <p>
            <strong>{answer.message}</strong> Fix these in the spreadsheet, save it as CSV, and choose it again.
          </p>
          <ul>
            {answer.errors.map((e, i) => (
              <li key={i} data-testid="import-problem" data-row={e.row} data-column={e.column}>
                Row {e.row}
                {e.column ? `, ${labelOf(e.column)}` : ''}: {e.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {answer.rows.length > 0 && (
        <div className="console-table-wrap" tabIndex={0} role="region" aria-label="The rows as they will be imported">
          <table className="console-table items-preview-table" data-testid="preview-table">
            <caption className="console-sr-only">The rows as they will be imported</caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  Row
                </th>
                <th scope="col">Import as</th>
                {answer.columns.map((c) => (
                  <th scope="col" key={c}>
                    {labelOf(c)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr
                  key={r.row}
                  className={badRows.has(r.row) ? 'bad' : undefined}
                  data-testid="preview-row"
                  data-row={r.row}
                >
                  <th scope="row" className="num">
                    {r.row}
                  </th>
                  <td>{r.action === 'create' ? 'New item' : 'Update'}</td>
                  {answer.columns.map((c) => {
                    const problem = byCell.get(`${r.row}:${c}`);
                    return (
                      <td
                        key={c}
                        className={problem ? 'bad' : undefined}
                        data-testid={problem ? 'cell-problem' : undefined}
                        data-column={c}
                      >
                        <span className="items-cell">{r.cells[c] ?? ''}</span>
                        {problem && <span className="items-cell-problem">{problem}</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {answer.rows.length > ROWS_SHOWN && (
        <p className="console-hint">
          Showing the first {ROWS_SHOWN} of {answer.rows.length} rows.
        </p>
      )}
    </section>
  );
}
