// npm run dev: the embedded back end on API_PORT (8787) and Vite with hot reload, which proxies the Supabase
// paths to it (vite.config.ts). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './build-stamp.mjs';

const apiPort = process.env.API_PORT ?? '8787';
const children = [
  spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'src', 'index.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1' },
  }),
  spawn(path.join(root, 'node_modules', '.bin', 'vite'), process.argv.slice(2), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
for (const child of children) child.on('exit', stopAll);
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
