import { describe, expect, it } from 'vitest';
import { BRAND, escapeHtml, renderCourseEmail } from './course-email.ts';

const input = {
  name: 'Ada',
  courseUrl: 'https://lenses.example/course?from=mail&x=1',
  siteUrl: 'https://lenses.example',
};

describe('the course e-mail', () => {
  it('greets by name, carries a clear "Watch the course" link and says why it was sent, in both parts', () => {
    const email = renderCourseEmail(input);
    expect(email.subject).toContain(BRAND);
    expect(email.text).toMatch(/^Hi Ada,/);
    expect(email.text).toContain('Watch the course: https://lenses.example/course?from=mail&x=1');
    expect(email.text).toContain(
      'because you signed up for the free Three Lenses course at https://lenses.example',
    );
    expect(email.html).toContain('Hi Ada,');
    expect(email.html).toMatch(
      /<a href="https:\/\/lenses\.example\/course\?from=mail&amp;x=1"[^>]*>Watch the course<\/a>/,
    );
    expect(email.html).toContain('because you signed up for the free Three Lenses course');
    expect(email.html).toContain('max-width:560px');
    expect(email.html).toContain('name="viewport"');
  });

  it('escapes the name in the HTML part, so a name can never add markup', () => {
    const email = renderCourseEmail({ ...input, name: '<script>alert("x")</script> & <b>Bob</b>\'s' });
    expect(email.html).not.toContain('<script>');
    expect(email.html).not.toContain('<b>Bob');
    expect(email.html).toContain(
      'Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;Bob&lt;/b&gt;&#39;s,',
    );
    expect(email.text).toContain('Hi <script>alert("x")</script> & <b>Bob</b>\'s,');
  });

  it('keeps the name out of the subject', () => {
    expect(renderCourseEmail({ ...input, name: 'Eve' }).subject).not.toContain('Eve');
  });

  it('escapes every HTML-special character', () => {
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });
});
