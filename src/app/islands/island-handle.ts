/**
 * What one island offers the others (open the dialog, play the teaser), as a pair: the answering island's ref,
 * and a function that calls `call` with its handle. Each island hydrates as a root of its own, in no set order, so
 * a call may come before the island that answers it has hydrated: it then waits for it.
 */
export function islandHandle<Handle>(): [
  attach: (handle: Handle | null) => void,
  withHandle: (call: (handle: Handle) => void) => void,
] {
  let current: Handle | null = null;
  const waiting: ((handle: Handle) => void)[] = [];
  return [
    (handle) => {
      current = handle;
      if (handle) for (const call of waiting.splice(0)) call(handle);
    },
    (call) => {
      if (current) call(current);
      else waiting.push(call);
    },
  ];
}
