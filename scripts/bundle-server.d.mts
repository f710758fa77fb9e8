/** Writes server/dist/index.mjs, the server as `npm start` runs it, and answers its path. */
export function bundleServer(): Promise<string>;

/** Writes admin/dist/main.mjs, `npm run admin`'s entry point in one file, and answers its path. */
export function bundleAdmin(): Promise<string>;
