import { readFile, stat } from 'node:fs/promises';

/**
 * A file of the web build read once and kept, read again only when it changes on disk (a new
 * build beside a running server): the bidder page and the build's manifest, which every bidder
 * page needs, cost a `stat` per visit instead of a read and a parse. Null when the file is missing
 * or unreadable. Each reader keeps one file at a time (the server serves one build).
 */
export function keptFile<T>(parse: (text: string) => T): (file: string) => Promise<T | null> {
  let kept: { file: string; mtimeMs: number; value: T | null } | undefined;
  return async (file) => {
    const mtimeMs = await stat(file).then(
      (s) => s.mtimeMs,
      () => -1,
    );
    if (kept?.file === file && kept.mtimeMs === mtimeMs) return kept.value;
    const value = mtimeMs < 0 ? null : await readFile(file, 'utf8').then(parse, () => null);
    kept = { file, mtimeMs, value };
    return value;
  };
}
