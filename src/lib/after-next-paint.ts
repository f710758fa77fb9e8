/**
 * Runs `task` once the browser has painted its next frame: the frame's animation callbacks run just before
 * its paint, and a task they queue runs after it.
 */
export function afterNextPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task));
}
