import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type ConsoleEventDetail,
  type EventSettingsFields,
  formatMoney,
  goalPercent,
  importDisplay,
  plainMessage,
  TOTAL_PARTS,
  totalPartLabels,
} from '@gavel/domain';
import { api } from '../../api/client';
import { useApiForm } from '../../ui/form';
import { Layout } from '../Layout';
import { Checkbox, FormMessage, TextInput } from '../ui/fields';
import { QueryState } from './parts';
import { eventChanged, saveSettings, settingsBody, useConsoleEvent } from './queries';
import './events.css';

/** The board's settings as typed (the goal in dollars as text), checked by the import's own rules. */
const boardForm = z
  .object({ showtotal: z.boolean(), totalincludes: z.array(z.string()), goal: z.string(), message: z.string() })
  .transform((v, ctx): EventSettingsFields['display'] => {
    const goal = v.goal.trim() === '' ? 0 : Number(v.goal);
    const parsed = importDisplay.safeParse({ ...v, goal: Number.isFinite(goal) ? goal : v.goal });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path.map(String), message: plainMessage(issue), input: '' });
    return z.NEVER;
  });

const dollarsText = (dollars: number) => (dollars === 0 ? '' : String(dollars));

function BoardEditor({ detail }: { detail: ConsoleEventDetail }) {
  const client = useQueryClient();
  const { eventcode } = detail.event;
  const board = useQuery({
    queryKey: ['console', 'board', eventcode],
    // The board's own call, as the screen at the venue makes it: what it counts now.
    queryFn: () => api('GET /displayboard', undefined, { anonymous: true, query: { eventcode } }),
  });
  const display = detail.event.display;
  const [saved, setSaved] = useState(false);
  const { form, onSubmit, message, busy } = useApiForm({
    schema: boardForm,
    defaultValues: { ...display, goal: dollarsText(display.goal) },
    submit: (next) => saveSettings(eventcode, { ...settingsBody(detail), display: next }),
    onSuccess: (answer) => {
      eventChanged(client, answer);
      form.reset({ ...answer.event.display, goal: dollarsText(answer.event.display.goal) });
      setSaved(true);
      void board.refetch();
    },
  });
  const typed = form.watch();
  const goalCents = Math.round((Number(typed.goal) || 0) * 100);
  const raised = board.data?.total.show ? board.data.total.raised : null;
  return (
    <div className="board-settings">
      <form className="console-form" onSubmit={onSubmit} noValidate data-testid="board-form">
        <fieldset>
          <legend>Total raised</legend>
          <Checkbox form={form} name="showtotal" label="Show the total raised on the board" testId="board-showtotal" />
          <fieldset className="board-parts">
            <legend>What the total counts</legend>
            {TOTAL_PARTS.map((part) => (
              <span key={part} className="console-check">
                <input
                  id={`board-part-${part}`}
                  type="checkbox"
                  value={part}
                  data-testid={`board-part-${part}`}
                  {...form.register('totalincludes')}
                />
                <label htmlFor={`board-part-${part}`}>{totalPartLabels[part]}</label>
              </span>
            ))}
          </fieldset>
          <TextInput
            form={form}
            name="goal"
            label="Goal (dollars)"
            testId="board-goal"
            hint="Empty or 0: no goal bar"
          />
        </fieldset>
        <fieldset>
          <legend>Message</legend>
          <TextInput
            form={form}
            name="message"
            label="A line for the detail view"
            testId="board-message"
            hint="Up to 200 characters, such as a thank-you to the sponsors"
          />
        </fieldset>
        <FormMessage message={message} />
        {saved && !message && !form.formState.isDirty && (
          <p className="console-success" role="status" data-testid="board-saved">
            Saved. The board shows it now.
          </p>
        )}
        <div className="console-form-actions">
          <button type="submit" className="console-button" disabled={busy} data-testid="board-save">
            Save board settings
          </button>
          <a className="console-button secondary" href={`/${eventcode}/detail`} target="_blank" rel="noreferrer">
            Open the board
          </a>
        </div>
      </form>
      <aside className="board-preview" aria-label="What the board will show" data-testid="board-preview">
        <p className="board-preview-title">What the board will show</p>
        {typed.showtotal ? (
          <div className="board-preview-total">
            <span className="board-preview-label">Raised so far</span>
            <strong data-testid="board-preview-raised">{raised === null ? '—' : formatMoney(raised)}</strong>
            {goalCents > 0 && (
              <>
                <span className="board-preview-bar" aria-hidden="true">
                  <span style={{ width: `${raised === null ? 0 : goalPercent(raised, goalCents)}%` }} />
                </span>
                <span className="board-preview-goal">Goal {formatMoney(goalCents)}</span>
              </>
            )}
          </div>
        ) : (
          <p className="board-preview-hidden">No total: the board shows the items and bids only.</p>
        )}
        {typed.message && <p className="board-preview-message">{typed.message}</p>}
        <p className="console-hint">
          The amount counts what the saved settings choose; a change of what it counts shows once saved.
        </p>
      </aside>
    </div>
  );
}

/** The venue display board's settings: the total raised (shown, what it counts, the goal) and its message. */
export function BoardSettingsPage() {
  const { eventcode = '' } = useParams();
  const { data, error } = useConsoleEvent(eventcode);
  return (
    <Layout title="Display board">
      <QueryState pending={!data} error={error} />
      {data && <BoardEditor key={eventcode} detail={data} />}
    </Layout>
  );
}
