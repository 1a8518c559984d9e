import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { type ConsoleImportResponse, ITEM_FIELD_LABELS, ITEM_FIELDS, REQUIRED_ITEM_COLUMNS } from '@gavel/domain';
import { Layout } from '../Layout';
import { eventPath } from '../nav';
import { consoleApi } from '../session';
import { useAction } from '../../ui/action';
import {
  type ColumnChoice,
  type CsvFile,
  readCsv,
  rememberChoices,
  renamedCsv,
  suggestedChoices,
  UNDECIDED,
} from './csvFile';
import { ImportPreview } from './ImportPreview';
import { itemsTouched } from './queries';
import './items.css';

/**
 * The CSV import: choose a spreadsheet's CSV file, say which item field each of its columns holds
 * (suggested, and remembered for next time), check it (a dry run: every problem by row and column),
 * then import all of it or nothing.
 */
export function ImportPage() {
  const { eventcode = '' } = useParams();
  const client = useQueryClient();
  const [file, setFile] = useState<CsvFile | null>(null);
  const [choices, setChoices] = useState<ColumnChoice[]>([]);
  const [preview, setPreview] = useState<ConsoleImportResponse | null>(null);
  const [done, setDone] = useState<ConsoleImportResponse | null>(null);
  const send = (dryrun: boolean) => {
    if (!file) throw new Error('no file chosen');
    rememberChoices(file.headings, choices);
    return consoleApi('POST /console/events/:eventcode/items/import', undefined, {
      params: { eventcode },
      query: dryrun ? { dryrun: '1' } : {},
      raw: { contentType: 'text/csv', body: renamedCsv(file, choices) },
    });
  };
  const check = useAction(
    () => send(true),
    (answer) => setPreview(answer),
  );
  const save = useAction(
    () => send(false),
    (answer) => {
      if (answer.imported) {
        setDone(answer);
        itemsTouched(client, eventcode);
      } else setPreview(answer);
    },
  );
  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    const read = readCsv(chosen.name, await chosen.text());
    setFile(read);
    setChoices(suggestedChoices(read.headings));
    setPreview(null);
    setDone(null);
  };
  const missing = REQUIRED_ITEM_COLUMNS.filter((f) => !choices.includes(f));
  const undecided = (file?.headings ?? []).filter((_, i) => choices[i] === UNDECIDED);
  const ready = preview && preview.errors.length === 0 && preview.rows.length > 0;
  return (
    <Layout
      title="Import items from CSV"
      actions={
        <Link className="console-button secondary" to={eventPath(eventcode, 'items')}>
          All items
        </Link>
      }
    >
      {done ? (
        <div className="console-success items-done" role="status" data-testid="import-done">
          <p>
            <strong>{done.message}</strong>
          </p>
          <p>
            <Link to={eventPath(eventcode, 'items')} data-testid="import-see-items">
              See the items
            </Link>{' '}
            ·{' '}
            <button type="button" className="console-link-button" onClick={() => setDone(null)}>
              Import another file
            </button>
          </p>
        </div>
      ) : (
        <>
          <ol className="items-steps">
            <li>
              <h2>Choose the file</h2>
              <p className="console-hint">
                Save the spreadsheet as CSV. Its first row names the columns; each other row is an item. Items are
                matched by number: a number the event has updates that item, a new one adds an item, and items the file
                does not name stay as they are.
              </p>
              <label className="console-button secondary items-choose">
                {file ? 'Choose another file' : 'Choose a CSV file'}
                <input
                  type="file"
                  accept=".csv,text/csv"
                  className="items-file-input"
                  onChange={(e) => {
                    void choose(e.target.files?.[0]);
                    e.target.value = '';
                  }}
                  data-testid="import-file"
                />
              </label>
              {file && (
                <p className="items-file-name" data-testid="import-file-name">
                  {file.name}: {file.rows.length} row{file.rows.length === 1 ? '' : 's'} below the heading
                </p>
              )}
            </li>
            {file && (
              <li>
                <h2>Match the columns</h2>
                <ColumnChoices
                  file={file}
                  choices={choices}
                  onChange={(c) => {
                    setChoices(c);
                    setPreview(null);
                  }}
                />
                {missing.length > 0 && (
                  <p className="console-warning" data-testid="import-missing">
                    Choose the column that holds the{' '}
                    {missing.map((f) => ITEM_FIELD_LABELS[f].toLowerCase()).join(' and the ')}: every item needs one.
                  </p>
                )}
                {undecided.length > 0 && (
                  <p className="console-warning" data-testid="import-undecided">
                    Say what {undecided.length === 1 ? 'this column holds' : 'these columns hold'}, or choose Leave out:{' '}
                    {undecided.map((h) => `“${h}”`).join(', ')}.
                  </p>
                )}
                <button
                  type="button"
                  className="console-button"
                  onClick={() => check.run(undefined)}
                  disabled={check.busy || undecided.length > 0}
                  data-testid="import-check"
                >
                  {check.busy ? 'Checking…' : 'Check the file'}
                </button>
              </li>
            )}
          </ol>
          {(check.error || save.error) && (
            <p className="console-error" role="alert" data-testid="import-error">
              {check.error || save.error}
            </p>
          )}
          {preview && <ImportPreview answer={preview} />}
          {ready && (
            <div className="items-import-go">
              <p>{preview.message} Nothing is written until you import.</p>
              <button
                type="button"
                className="console-button"
                onClick={() => save.run(undefined)}
                disabled={save.busy}
                data-testid="import-go"
              >
                {save.busy ? 'Importing…' : `Import ${preview.rows.length} item${preview.rows.length === 1 ? '' : 's'}`}
              </button>
            </div>
          )}
        </>
      )}
    </Layout>
  );
}

/** One select per spreadsheet column: the item field it holds, or left out. */
function ColumnChoices({
  file,
  choices,
  onChange,
}: {
  file: CsvFile;
  choices: ColumnChoice[];
  onChange: (choices: ColumnChoice[]) => void;
}) {
  const sample = file.rows.find((r) => r.some((c) => c.trim() !== '')) ?? [];
  return (
    <div className="console-table-wrap">
      <table className="console-table items-columns" data-testid="import-columns">
        <caption className="console-sr-only">Which item field each column of the file holds</caption>
        <thead>
          <tr>
            <th scope="col">Column in the file</th>
            <th scope="col" className="items-sample">
              First value
            </th>
            <th scope="col">Item field</th>
          </tr>
        </thead>
        <tbody>
          {file.headings.map((h, i) => {
            const id = `column-${i}`;
            return (
              <tr key={i} data-testid="import-column">
                <th scope="row">
                  <label htmlFor={id}>{h || `(column ${i + 1}, no heading)`}</label>
                </th>
                <td className="items-sample">{sample[i] ?? ''}</td>
                <td>
                  <select
                    id={id}
                    value={choices[i] ?? ''}
                    onChange={(e) => onChange(choices.map((c, j) => (j === i ? (e.target.value as ColumnChoice) : c)))}
                    data-testid="import-column-field"
                  >
                    <option value={UNDECIDED} disabled>
                      Choose…
                    </option>
                    <option value="">Leave out</option>
                    {ITEM_FIELDS.map((f) => (
                      <option key={f} value={f} disabled={choices.includes(f) && choices[i] !== f}>
                        {ITEM_FIELD_LABELS[f]} ({f})
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
