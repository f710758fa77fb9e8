import { describe, expect, it } from 'vitest';
import { localhostLinksWarning } from './localhost-links.ts';

describe('localhostLinksWarning', () => {
  it('warns when links lead to this machine while other machines can connect', () => {
    for (const siteUrl of ['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080']) {
      for (const host of ['0.0.0.0', '::', '192.0.2.10']) {
        expect(localhostLinksWarning({ siteUrl, host })).toMatch(
          new RegExp(`^Links point at ${siteUrl.replace(/[[\].]/g, '\\$&')} \\(SITE_URL\\) .*Set SITE_URL`),
        );
      }
    }
  });

  it('stays quiet for a public SITE_URL, or a server only this machine can reach', () => {
    expect(localhostLinksWarning({ siteUrl: 'https://lenses.example', host: '0.0.0.0' })).toBeUndefined();
    for (const host of ['127.0.0.1', 'localhost', '::1']) {
      expect(localhostLinksWarning({ siteUrl: 'http://localhost:8080', host })).toBeUndefined();
    }
  });
});
