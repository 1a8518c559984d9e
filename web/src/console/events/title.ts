import { useConsoleEvent } from './queries';

/** The event's name for the menu's heading (its code until the settings arrive, or when they cannot be read). */
export function useEventTitle(eventcode: string | undefined): string {
  const { data } = useConsoleEvent(eventcode);
  return data?.event.eventname ?? eventcode ?? '';
}
