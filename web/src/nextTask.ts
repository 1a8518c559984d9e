/** Runs `run` in a task of its own, after what the browser has waiting (a tap, a paint). */
export function nextTask(run: () => void): void {
  setTimeout(run, 0);
}
