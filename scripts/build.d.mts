/** Builds into dist/ (and stamps it), or into another folder, unstamped. */
export function buildSite(options?: { outDir?: string }): Promise<void>;
