import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AnswerOf, ConsoleEventDetail, EventSettingsFields } from '@gavel/domain';
import { consoleApi } from '../session';

/** The events screens' cache keys: the organization's list, and one event's settings and counts. */
export const eventsKey = ['console', 'events'] as const;
export const eventKey = (eventcode: string) => ['console', 'event', eventcode.toLowerCase()] as const;

export type EventsAnswer = AnswerOf<'GET /console/events'>;

export function useConsoleEvents() {
  return useQuery({ queryKey: eventsKey, queryFn: () => consoleApi('GET /console/events') });
}

export function useConsoleEvent(eventcode: string | undefined) {
  return useQuery({
    queryKey: eventKey(eventcode ?? ''),
    queryFn: () => consoleApi('GET /console/events/:eventcode', undefined, { params: { eventcode: eventcode ?? '' } }),
    enabled: eventcode !== undefined && eventcode !== '',
  });
}

/** After an event changed: its pages show the answer, and the list is read again. */
export function eventChanged(client: QueryClient, answer: ConsoleEventDetail): void {
  client.setQueryData(eventKey(answer.event.eventcode), answer);
  void client.invalidateQueries({ queryKey: eventsKey });
}

/** The settings as a save sends them: the answer without what only answers carry. */
export function settingsBody(answer: ConsoleEventDetail): EventSettingsFields {
  const { processorsecretkeyset: _key, processorwebhooksecretset: _hook, ...fields } = answer.event;
  return fields;
}

/** Saves the whole settings (the board's page changes only its part of them). */
export function saveSettings(eventcode: string, body: EventSettingsFields) {
  return consoleApi('PUT /console/events/:eventcode', body, { params: { eventcode } });
}
