import { describe, expect, it } from 'vitest';
import { pageViewSource } from './page-view-source.ts';

const source = (url: string, referrer?: string, fetchSite = referrer ? 'cross-site' : 'none') =>
  pageViewSource({ url: `https://course.example${url}`, referrer, fetchSite });

describe('pageViewSource', () => {
  it("takes the page address's utm_source, trimmed and lower-cased, before any referrer", () => {
    expect(source('/?utm_source=Newsletter')).toBe('newsletter');
    expect(source('/?utm_source=%20linkedin.com%20&utm_medium=social', 'https://www.google.com/')).toBe(
      'linkedin.com',
    );
    expect(source('/course?utm_source=spring_2026-b')).toBe('spring_2026-b');
  });

  it("takes another site's host, without www. and without its path or query, when there is no campaign", () => {
    expect(source('/', 'https://www.Google.com/search?q=career+coach')).toBe('google.com');
    expect(source('/', 'https://mail.example.org/u/0/#inbox/abc')).toBe('mail.example.org');
    expect(source('/?utm_source=', 'http://blog.example.net/post/1')).toBe('blog.example.net');
  });

  it('is "direct" without a referrer, or for a link on this same site', () => {
    expect(source('/')).toBe('direct');
    expect(source('/course', 'https://course.example/', 'same-origin')).toBe('direct');
    expect(source('/course', 'https://www.course.example/', 'same-site')).toBe('direct');
    expect(source('/', '', 'cross-site')).toBe('direct');
  });

  it('is "other" for a campaign or referrer that is not a short plain label', () => {
    expect(source('/?utm_source=<script>alert(1)</script>')).toBe('other');
    expect(source('/?utm_source=ada%40example.com')).toBe('other');
    expect(source(`/?utm_source=${'a'.repeat(61)}`)).toBe('other');
    expect(source(`/?utm_source=${'a'.repeat(60)}`)).toBe('a'.repeat(60));
    expect(source('/?utm_source=caf%C3%A9')).toBe('other');
    expect(source('/', 'android-app://com.google.android.gm/')).toBe('other');
    expect(source('/', 'not a url')).toBe('other');
    expect(source('/', 'http://[2001:db8::1]/')).toBe('other');
    expect(source('/', `https://${'a'.repeat(57)}.example/`)).toBe('other');
  });
});
