/** The event's name for the menu's heading. (Events area: replace with the event's name from GET /console/events/:eventcode.) */
export function useEventTitle(eventcode: string | undefined): string {
  return eventcode ?? '';
}
