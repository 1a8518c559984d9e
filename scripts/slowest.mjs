// The slowest files (Vitest) and journeys (Playwright) of each phase of `npm test`, read from the
// JSON reports the phases wrote into one folder (scripts/test.mjs): where a run's time goes, printed
// at its end so that every CI log shows it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** Vitest's report: each file's time from its start to its end. */
function vitestFiles(report) {
  return report.testResults.map((file) => ({ name: relative(root, file.name), ms: file.endTime - file.startTime }));
}

/** Playwright's report: each journey's time, its retries included, with its project. */
function playwrightTests(report) {
  const out = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        out.push({
          name: `[${test.projectName}] ${spec.file}:${spec.line} ${spec.title}`,
          ms: test.results.reduce((sum, result) => sum + result.duration, 0),
        });
    for (const child of suite.suites ?? []) walk(child);
  };
  report.suites.forEach(walk);
  return out;
}

/** Prints the `count` slowest of every report in `dir` (pglite.json, postgresql.json, e2e.json). */
export function printSlowest(dir, count) {
  if (!existsSync(dir)) return;
  const order = ['pglite.json', 'postgresql.json', 'e2e.json'];
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  for (const file of files.sort((a, b) => order.indexOf(a) - order.indexOf(b))) {
    const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const rows = 'testResults' in report ? vitestFiles(report) : playwrightTests(report);
    const total = rows.reduce((sum, row) => sum + row.ms, 0);
    console.log(
      `\nThe ${count} slowest of phase ${file.replace(/\.json$/, '')} (${rows.length} in all, ${Math.round(total / 1000)} s of worker time):`,
    );
    for (const row of rows.sort((a, b) => b.ms - a.ms).slice(0, count))
      console.log(`${(row.ms / 1000).toFixed(1).padStart(7)} s  ${row.name.slice(0, 150)}`);
  }
}
