/** Writes server/dist/index.mjs, the server as `npm start` runs it, and answers its path. */
export function bundleServer(): Promise<string>;
