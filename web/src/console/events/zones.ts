import { DEFAULT_TIME_ZONE } from '@gavel/domain';

/** The zones the console offers first: the United States' own, then the browser's and the event's. */
const US_ZONES: Array<[string, string]> = [
  ['America/New_York', 'Eastern'],
  ['America/Chicago', 'Central'],
  ['America/Denver', 'Mountain'],
  ['America/Phoenix', 'Arizona'],
  ['America/Los_Angeles', 'Pacific'],
  ['America/Anchorage', 'Alaska'],
  ['Pacific/Honolulu', 'Hawaii'],
];

export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
}

/** The zone select's choices: the US zones, the browser's own and the event's, each once. */
export function zoneOptions(current?: string): Array<{ value: string; label: string }> {
  const options = US_ZONES.map(([value, name]) => ({ value, label: `${name} (${value})` }));
  for (const zone of [browserZone(), current]) {
    if (zone && !options.some((o) => o.value === zone)) options.push({ value: zone, label: zone });
  }
  return options;
}
