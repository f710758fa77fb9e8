// Access: with the public key, `signups` and `email_outbox` can be neither read nor written through any REST
// form; inactive guides stay invisible; no server secret reaches the browser bundle; storage refuses every
// traversal; the page's CSP allows no inline script, and the page runs under it in Chromium without a violation.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawnServer } from '../../scripts/server-process.mjs';
import { EMBEDDED_ANON_KEY } from '../../supabase/embedded-keys.ts';
import { cleanups, postSignup, request, runCleanups, tempDir } from './harness.ts';
import { readPglite } from './outcome.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SECRET_EMAIL = 'private-person@example.com';
// Set in the environment `npm start` builds and runs with: none may end up in dist/.
// SUPABASE_URL only pairs with the key (env.ts demands both or neither); nothing is sent to it.
const SENTINELS = {
  SUPABASE_URL: 'http://127.0.0.1:9',
  SUPABASE_SERVICE_ROLE_KEY: 'sentinel-service-role-key-7f3a',
  SERVICE_ROLE_KEY: 'sentinel-service-role-key-7f3a',
  SUPABASE_SECRET_KEY: 'sb_secret_sentinel7f3a',
};

let port: number;
let dataDir: string;
let stopServer: () => Promise<unknown>;

beforeAll(async () => {
  dataDir = await tempDir('access-data-');
  // `npm start` itself: it builds dist/ when stale, then serves it.
  const server = await spawnServer({
    script: 'scripts/start.mjs',
    env: { DATA_DIR: dataDir, ...SENTINELS },
    timeoutMs: 240_000,
  });
  cleanups.push(() => server.stop('SIGKILL'));
  stopServer = () => server.stop();
  port = server.port;
  expect((await postSignup(port, 'Private Person', SECRET_EMAIL)).status).toBe(200);
}, 300_000);
afterAll(runCleanups);

const anon = { apikey: EMBEDDED_ANON_KEY, authorization: `Bearer ${EMBEDDED_ANON_KEY}` };

describe('access with the public key', () => {
  const paths = (table: string) => [
    table,
    `${table}?select=*`,
    `${table}?select=email,name`,
    `${table}?email=eq.${SECRET_EMAIL}`,
    `${table}?recipient=like.*`,
    `${table}?id=gt.0&order=id.desc&limit=1`,
    `${table}?or=(id.gt.0,id.lt.0)`,
    `${table}?select=count`,
    `${table.toUpperCase()}`,
    `public.${table}`,
    `%${table.charCodeAt(0).toString(16)}${table.slice(1)}`,
    `${table}/`,
    `/${table}`,
    `rpc/${table}`,
    `${table}?select=*,signups(*)`,
  ];

  it.each(['signups', 'email_outbox'])('cannot read %s through any GET form', async (table) => {
    for (const query of paths(table)) {
      for (const headers of [{}, anon, { ...anon, 'accept-profile': 'public' }]) {
        for (const method of ['GET', 'HEAD']) {
          const answer = await request(port, { method, path: `/rest/v1/${query}`, headers });
          expect(answer.status, `${method} ${query}`).toBeGreaterThanOrEqual(400);
          expect(answer.body).not.toContain(SECRET_EMAIL);
          expect(answer.body).not.toContain('Private Person');
        }
      }
    }
  });

  it.each(['signups', 'email_outbox'])('cannot write %s through any method', async (table) => {
    const body = JSON.stringify({
      email: 'mallory@example.com',
      name: 'Mallory',
      recipient: 'mallory@example.com',
    });
    for (const query of [table, `${table}?email=eq.${SECRET_EMAIL}`, `${table}?id=gt.0`, `rpc/${table}`]) {
      for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
        for (const prefer of ['return=representation', 'resolution=merge-duplicates', 'return=minimal']) {
          const answer = await request(port, {
            method,
            path: `/rest/v1/${query}`,
            headers: { ...anon, 'content-type': 'application/json', prefer, 'content-profile': 'public' },
            body,
          });
          expect(answer.status, `${method} ${query}`).toBeGreaterThanOrEqual(400);
          expect(answer.body).not.toContain(SECRET_EMAIL);
        }
      }
    }
  });

  it('never shows an inactive guide', async () => {
    for (const query of [
      'guides',
      'guides?select=*',
      'guides?is_active=eq.false',
      'guides?is_active=is.false',
      'guides?is_active=neq.true',
      `guides?name=eq.${encodeURIComponent('Helen Park')}`,
      'guides?name=in.(Helen%20Park)',
      'guides?order=order_index.desc&limit=100',
      'guides?or=(is_active.eq.false,is_active.eq.true)',
    ]) {
      const answer = await request(port, { path: `/rest/v1/${query}`, headers: anon });
      expect(answer.body, query).not.toContain('Helen Park');
    }
    const rows = JSON.parse(
      (await request(port, { path: '/rest/v1/guides?select=name', headers: anon })).body,
    ) as unknown[];
    expect(rows.length).toBeGreaterThanOrEqual(6);
  });

  it('refuses every storage traversal variant', async () => {
    const ok = await request(port, { path: '/storage/v1/object/public/guides/amara-okafor.svg' });
    expect(ok.status).toBe(200);
    const variants = [
      '../../pglite/PG_VERSION',
      '..%2f..%2fpglite%2fPG_VERSION',
      '%2e%2e/%2e%2e/pglite/PG_VERSION',
      '%2e%2e%2f%2e%2e%2fpglite%2fPG_VERSION',
      '%252e%252e%252fpglite',
      '..%5c..%5cpglite%5cPG_VERSION',
      '..\\..\\pglite\\PG_VERSION',
      '%2fetc%2fpasswd',
      '/etc/passwd',
      '//etc/passwd',
      'C:%5cWindows%5cwin.ini',
      'amara-okafor.svg%00.txt',
      'amara-okafor.svg%00',
      '.%2e/.%2e/pglite/PG_VERSION',
      '..%c0%af..%c0%afetc/passwd',
      '%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd',
      '%ef%bc%8e%ef%bc%8e/%ef%bc%8e%ef%bc%8e/etc/passwd',
      './amara-okafor.svg/..',
      'amara-okafor.svg/../../../package.json',
      '%',
      '%zz',
    ];
    const buckets = ['guides', '..', '%2e%2e', 'guides%2f..', 'private'];
    for (const bucket of buckets) {
      for (const variant of variants) {
        const answer = await request(port, { path: `/storage/v1/object/public/${bucket}/${variant}` });
        const where = `${bucket}/${variant} → ${answer.status}`;
        expect([400, 404], where).toContain(answer.status);
        expect(answer.body, where).not.toMatch(/root:|"name": "three-lenses"|^\d+\n$|\[extensions\]/);
      }
    }
  });

  it('ships no server secret in dist/', () => {
    const files: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(html|js|css|json|txt|map|webmanifest)$/.test(entry.name)) files.push(full);
      }
    };
    walk(path.join(root, 'dist'));
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    const forbidden = [
      ...new Set(Object.values(SENTINELS)),
      'service_role',
      'sb_secret_',
      'SERVICE_ROLE',
      'RESEND_API_KEY',
      'SMTP_URL',
      'DATABASE_URL',
      'postgresql://',
    ];
    const jwt = /eyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]+/;
    for (const file of files) {
      const content = readFileSync(file, 'utf8');
      for (const secret of forbidden) expect(content.includes(secret), `${secret} in ${file}`).toBe(false);
      expect(jwt.test(content), `a JWT in ${file}`).toBe(false);
    }
  });

  it('serves the page with a CSP without unsafe-inline scripts, and the page runs under it with no violation', async () => {
    const page = await request(port, { path: '/' });
    const csp = String(page.headers['content-security-policy']);
    const scriptSrc =
      /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? /(?:^|;)\s*default-src ([^;]*)/.exec(csp)?.[1];
    expect(scriptSrc).toBeDefined();
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:/);
    // No inline script that would need 'unsafe-inline': every <script> has a src, or is a data block (the
    // structured data, the owner's words for hydration), which is never run.
    for (const tag of page.body.match(/<script\b[^>]*>/g) ?? []) {
      expect(tag, tag).toMatch(/\bsrc=|type="application\/(ld\+)?json"/);
    }

    const { path: executablePath, args } = inject('chromium');
    const browser = await chromium.launch({ executablePath, args });
    cleanups.push(() => browser.close());
    const tab = await browser.newPage();
    const violations: string[] = [];
    tab.on('console', (message) => {
      if (/Content Security Policy|CSP violation/i.test(message.text())) violations.push(message.text());
    });
    tab.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
    // A string, not a function: this file compiles without the DOM types.
    await tab.addInitScript({
      content: `document.addEventListener('securitypolicyviolation', (event) =>
        console.error('CSP violation: ' + event.violatedDirective + ' ' + event.blockedURI));`,
    });
    const guides = tab.waitForResponse((response) => response.url().includes('/rest/v1/guides'));
    await tab.goto(`http://127.0.0.1:${port}/`);
    // The guides (and supabase-js) load when the carousel comes near, as a visitor scrolls to it.
    await tab
      .getByRole('region', { name: 'No one should face the future alone. Meet some of our friends' })
      .scrollIntoViewIfNeeded();
    expect((await guides).status()).toBe(200);
    await tab.getByRole('button', { name: 'Sign up free and watch instantly' }).click();
    await tab.getByRole('dialog', { name: 'Get instant access (free)' }).waitFor();
    await tab.keyboard.press('Escape');
    // The teaser's video is fetched once it plays: a violation would have been reported by then.
    const media = tab.waitForResponse((response) => response.request().resourceType() === 'media');
    await tab.getByRole('button', { name: 'Play Teaser 30 seconds' }).click();
    expect((await media).ok()).toBe(true);
    expect(violations).toEqual([]);
  });

  it('left the private tables as they were', async () => {
    await stopServer();
    const state = await readPglite(dataDir);
    expect(state.signups).toEqual([SECRET_EMAIL]);
    expect(state.outbox.map((row) => row.recipient)).toEqual([SECRET_EMAIL]);
  });
});
