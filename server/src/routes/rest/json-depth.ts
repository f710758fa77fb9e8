/**
 * Whether a JSON text nests arrays and objects deeper than `limit`, found by one pass over its characters
 * (brackets inside strings do not count). It runs before JSON.parse because everything that walks a parsed
 * value (zod's JSON check, JSON.stringify) recurses, and a body of a few kilobytes can nest deep enough to
 * overflow the stack. No maintained parser on npm takes a depth limit, so the scan is ours; for a text that
 * JSON.parse accepts it counts exactly, and any other text is refused by JSON.parse after it.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '[' || char === '{') {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === ']' || char === '}') {
      depth -= 1;
    }
  }
  return false;
}
