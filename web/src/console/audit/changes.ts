/** One changed field of an audit entry: its name and the values before and after, as text. */
export interface Change {
  field: string;
  before: string;
  after: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A value as the log shows it: text as it is, nothing as a dash, anything else as JSON. */
export function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * What an entry changed: for two records, each field whose value differs (a created thing has only
 * an after, a removed one only a before, so every field shows); otherwise the two values whole.
 */
export function changesOf(before: unknown, after: unknown): Change[] {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  if (!hasBefore && !hasAfter) return [];
  if ((isRecord(before) || !hasBefore) && (isRecord(after) || !hasAfter)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return fields
      .filter((f) => JSON.stringify(b[f]) !== JSON.stringify(a[f]))
      .map((f) => ({ field: f, before: hasBefore ? shown(b[f]) : '—', after: hasAfter ? shown(a[f]) : '—' }));
  }
  return [{ field: 'value', before: shown(before), after: shown(after) }];
}
