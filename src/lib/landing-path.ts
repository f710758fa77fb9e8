/** The landing page's two names: its clean URL and its prerendered file. */
export const isLandingPath = (path: string) => path === '/' || path === '/index.html';
