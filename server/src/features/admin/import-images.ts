import type { Problem } from '@gavel/domain';
import { formatPath } from '@gavel/domain';
import { decodeProblem, inspectImage } from '../media/inspect';
import { dataImage } from '../media/store';

/** Every inline raster image of a document (a data: URL in any image field), with its path. */
function inlineImages(value: unknown, path: Array<string | number>, found: Array<{ path: string; ref: string }>) {
  if (typeof value === 'string') {
    if (value.startsWith('data:image/') && !value.startsWith('data:image/svg+xml'))
      found.push({ path: formatPath(path), ref: value });
    return found;
  }
  if (Array.isArray(value)) value.forEach((v, i) => inlineImages(v, [...path, i], found));
  else if (typeof value === 'object' && value !== null)
    for (const [key, v] of Object.entries(value)) inlineImages(v, [...path, key], found);
  return found;
}

/**
 * The document's inline images that are not pictures we take: not what their bytes say, too
 * large in pixels (a bomb), or damaged (decoded whole, as an upload is). Checked before the
 * import's transaction, so a decode never holds the database; each distinct image is opened once,
 * however many items use it. SVG is served as it is and never opened here.
 */
export async function documentImageProblems(doc: unknown): Promise<Problem[]> {
  const problems: Problem[] = [];
  const seen = new Map<string, string | undefined>();
  for (const { path, ref } of inlineImages(doc, [], [])) {
    if (!seen.has(ref)) seen.set(ref, await problemOf(ref));
    const message = seen.get(ref);
    if (message) problems.push({ path, message });
  }
  return problems;
}

async function problemOf(ref: string): Promise<string | undefined> {
  const image = dataImage(ref);
  if (!image) return undefined;
  const inspected = inspectImage(image.bytes);
  return inspected.problem ?? (await decodeProblem(image.bytes));
}
