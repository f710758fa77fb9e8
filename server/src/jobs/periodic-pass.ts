/**
 * Runs `pass` at once and then every `intervalSeconds`, one pass at a time (a slow pass delays the next rather
 * than overlapping it), without keeping the process alive. `stop` ends the clock and waits for a pass in flight.
 * `pass` handles its own errors: a rejection would stop every later pass.
 */
export function startPeriodicPass(
  pass: () => Promise<void>,
  intervalSeconds: number,
): { stop(): Promise<void> } {
  let current: Promise<void> = Promise.resolve();
  const run = () => {
    current = current.then(pass);
  };
  const timer = setInterval(run, intervalSeconds * 1000);
  timer.unref();
  run();
  return {
    stop() {
      clearInterval(timer);
      return current;
    },
  };
}
