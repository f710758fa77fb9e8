/** Builds into dist/ (and stamps it), or into another folder, unstamped. */
export function buildSite(options?: { outDir?: string }): Promise<void>;

/** Where the build of src/site.css, the stylesheet every page inlines, names its file (in the build's folder). */
export const SITE_CSS_MANIFEST: string;
