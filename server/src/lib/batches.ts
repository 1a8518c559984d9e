/** Rows a statement takes at once: a message to thousands is a few statements, not thousands. */
export const BATCH = 500;

/** `rows` in runs of `size`, for statements of many rows each. */
export function chunks<T>(rows: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
