import { describe, expect, it } from 'vitest';
import { emailBrand, emailWordsWith } from '../../../src/content/emails.ts';
import {
  clockTime,
  escapeHtml,
  renderCourseEmail,
  renderOwnerSignInEmail,
  renderReminderEmail,
  renderSignInLinkEmail,
} from './course-email.ts';

/** The e-mails' words as shipped, before the owner changes any. */
const shipped = emailWordsWith({});

const input = {
  name: 'Ada',
  signInUrl: 'https://lenses.example/course?token_hash=abc123&type=magiclink',
  code: '048213',
  siteUrl: 'https://lenses.example',
};

/** The code's box in the HTML part: large monospace digits. */
const CODE_BOX =
  /<span style="[^"]*font-family:'Courier New',Courier,monospace;font-size:32px;[^"]*">048213<\/span>/;

describe('the course e-mail', () => {
  it('greets by name, carries a clear "Watch the course" link and says why it was sent, in both parts', () => {
    const email = renderCourseEmail(input, shipped);
    expect(email.subject).toContain(emailBrand);
    expect(email.text).toMatch(/^Hi Ada,/);
    expect(email.text).toContain(
      'Watch the course: https://lenses.example/course?token_hash=abc123&type=magiclink',
    );
    expect(email.text).toContain(
      'because you signed up for the free Three Lenses course at https://lenses.example',
    );
    expect(email.html).toContain('Hi Ada,');
    expect(email.html).toMatch(
      /<a href="https:\/\/lenses\.example\/course\?token_hash=abc123&amp;type=magiclink"[^>]*>Watch the course<\/a>/,
    );
    expect(email.html).toContain('because you signed up for the free Three Lenses course');
    expect(email.html).toContain('max-width:560px');
    expect(email.html).toContain('name="viewport"');
  });

  it('greets with the first word of the name, escaped in the HTML part', () => {
    const email = renderCourseEmail({ ...input, name: "  O'Neil Jean-Luc  Picard" }, shipped);
    expect(email.text).toMatch(/^Hi O'Neil,/);
    expect(email.html).toContain('Hi O&#39;Neil,');
    expect(renderCourseEmail({ ...input, name: 'Jean-Luc' }, shipped).text).toMatch(/^Hi Jean-Luc,/);
    expect(renderCourseEmail({ ...input, name: '山田 太郎' }, shipped).text).toMatch(/^Hi 山田,/);
  });

  it.each([
    'https://evil.example/win',
    'evil.example',
    'www.evil',
    'Bob;=1+2;@SUM(1+1)',
    'victim@evil.example',
    'evil。example',
    'evil\u2024example',
    '<script>alert("x")</script>',
    'x'.repeat(41),
  ])('greets "there" and carries nothing of a name a mail client could link or run: %s', (name) => {
    const email = renderCourseEmail({ ...input, name: `${name} tail.example` }, shipped);
    expect(email.text).toMatch(/^Hi there,/);
    expect(email.html).toContain('Hi there,');
    for (const part of [email.text, email.html]) {
      expect(part).not.toContain('evil');
      expect(part).not.toContain('tail.example');
      expect(part).not.toContain('<script>');
    }
  });

  it('keeps the name out of the subject', () => {
    expect(renderCourseEmail({ ...input, name: 'Eve' }, shipped).subject).not.toContain('Eve');
  });

  it('shows the code below the button, with where to type it in, in both parts', () => {
    const email = renderCourseEmail(input, shipped);
    expect(email.text).toContain(
      [
        'Watch the course: https://lenses.example/course?token_hash=abc123&type=magiclink',
        '',
        'Or sign in on any device with this code: 048213',
        'Enter it on the course page, https://lenses.example/course, with your e-mail address. It works for 24 hours, once.',
      ].join('\n'),
    );
    expect(email.html).toMatch(CODE_BOX);
    expect(email.html.indexOf('048213')).toBeGreaterThan(email.html.indexOf('>Watch the course</a>'));
    expect(email.html).toContain(
      'Enter it on the course page, <a href="https://lenses.example/course" style="color:#4f46e5;">https://lenses.example/course</a>, with your e-mail address.',
    );
  });

  it('carries no code when the one from an earlier e-mail still works, and says so where the code would be', () => {
    const email = renderCourseEmail({ ...input, code: undefined }, shipped);
    expect(email.text).toContain(
      [
        'Watch the course: https://lenses.example/course?token_hash=abc123&type=magiclink',
        '',
        'On another device? The code in your earlier e-mail still works there. Or open https://lenses.example/course on it and ask for a new link.',
      ].join('\n'),
    );
    expect(email.text).not.toContain('with this code');
    expect(email.html).not.toContain('monospace');
    expect(email.html).toContain(
      'Or open <a href="https://lenses.example/course" style="color:#4f46e5;">https://lenses.example/course</a> on it',
    );
  });

  it("an owner's sign-in e-mail opens the studio, and its code is typed there; it greets no learner", () => {
    const studioUrl = 'https://lenses.example/studio?token_hash=abc123&type=magiclink';
    const email = renderOwnerSignInEmail({ ...input, signInUrl: studioUrl });
    expect(email.subject).toBe('Sign in to your studio');
    expect(email.text).toMatch(/^Hi there,/);
    expect(email.text).toContain(`Open your studio: ${studioUrl}`);
    expect(email.text).toContain(
      'Enter it on the studio page, https://lenses.example/studio, with your e-mail address.',
    );
    expect(email.text).not.toContain('free Three Lenses course');
    expect(email.html).toMatch(CODE_BOX);
    expect(email.html).toContain(
      'Enter it on the studio page, <a href="https://lenses.example/studio" style="color:#4f46e5;">https://lenses.example/studio</a>',
    );
  });

  it('says codes are paused instead of carrying one while the address has had too many wrong ones', () => {
    const email = renderSignInLinkEmail({ ...input, code: undefined, codesPaused: true }, shipped);
    const paused =
      'Sign-in codes for this address are paused: someone typed too many wrong ones. Open the button above on the device you want to use; that turns codes back on.';
    expect(email.text).toContain(paused);
    expect(email.html).toContain(paused);
    expect(email.text).not.toContain('with this code');
    expect(email.text).not.toContain('earlier e-mail');
  });

  it('escapes the code in the HTML part', () => {
    const email = renderCourseEmail({ ...input, code: '<b>1</b>' }, shipped);
    expect(email.html).toContain('&lt;b&gt;1&lt;/b&gt;');
    expect(email.html).not.toContain('<b>1</b>');
  });

  it('keeps the "copy this address" line, with the same link, under the button', () => {
    expect(renderCourseEmail(input, shipped).html).toContain(
      'copy this address into your browser:<br><a href="https://lenses.example/course?token_hash=abc123&amp;type=magiclink"',
    );
  });

  it('escapes every HTML-special character', () => {
    expect(escapeHtml(`<>&"'`)).toBe('&lt;&gt;&amp;&quot;&#39;');
  });
});

describe('the sign-in link e-mail', () => {
  it('has its own subject and words, the same button and layout, and a plain-text part', () => {
    const email = renderSignInLinkEmail({ ...input, name: 'Ada Lovelace' }, shipped);
    expect(email.subject).toBe('Your sign-in link for Three Lenses');
    expect(email.text).toMatch(/^Hi Ada,/);
    expect(email.text).toContain('works once, and expires in 24 hours');
    expect(email.text).toContain(
      'Watch the course: https://lenses.example/course?token_hash=abc123&type=magiclink',
    );
    expect(email.text).toContain('If you did not ask for a new link, ignore this e-mail');
    expect(email.html).toMatch(
      /<a href="https:\/\/lenses\.example\/course\?token_hash=abc123&amp;type=magiclink"[^>]*>Watch the course<\/a>/,
    );
    expect(email.html).toContain('copy this address into your browser');
    expect(email.html).not.toContain('Thanks for signing up');
    expect(email.text).toContain('Or sign in on any device with this code: 048213\n');
    expect(email.html).toMatch(CODE_BOX);
  });

  it('greets "there" when the name holds something a mail client could link', () => {
    expect(renderSignInLinkEmail({ ...input, name: 'evil.example' }, shipped).text).toMatch(/^Hi there,/);
  });
});

describe('the reminder', () => {
  const reminder = {
    ...input,
    signInUrl: 'https://lenses.example/course?token_hash=abc123&type=magiclink&lesson=trends',
    lessonTitle: 'Lens one: <trends>',
    positionSeconds: 134.6,
    lessonsLeft: 3,
    unsubscribeUrl: 'https://lenses.example/unsubscribe?token=a.b.c',
  };

  it('names the next lesson and where the learner stopped, with the link that opens it and its code', () => {
    const email = renderReminderEmail(reminder, shipped);
    expect(email.subject).toBe('Your next lesson is waiting: Lens one: <trends>');
    expect(email.text).toContain(
      'You stopped at 2:14 in "Lens one: <trends>". Pick it up where you left off. You have 3 lessons left.',
    );
    expect(email.text).toContain(`Continue the course: ${reminder.signInUrl}`);
    expect(email.text).toContain('Or sign in on any device with this code: 048213');
    expect(email.html).toContain('in &quot;Lens one: &lt;trends&gt;&quot;');
    expect(email.html).not.toContain('<trends>');
  });

  it('says "next lesson" before one is started, and "the last lesson you have left" when one is left', () => {
    const email = renderReminderEmail({ ...reminder, positionSeconds: 0, lessonsLeft: 1 }, shipped);
    expect(email.text).toContain(
      'Your next lesson is "Lens one: <trends>". It is the last lesson you have left.',
    );
  });

  it('fills each placeholder once: a title holding one stays as written', () => {
    const email = renderReminderEmail({ ...reminder, lessonTitle: 'Plan {left} ways' }, shipped);
    expect(email.subject).toBe('Your next lesson is waiting: Plan {left} ways');
  });

  it('speaks in the owner’s words, placeholders filled, and keeps its code, why line and unsubscribe', () => {
    const words = emailWordsWith({
      'email.reminder.subject': '{left} to go: {lesson}',
      'email.reminder.introStopped': 'You were {position} into {lesson}.',
      'email.reminder.leftMany': 'Only {left} more.',
      'email.reminder.buttonLabel': 'Back to it',
      'email.reminder.closing': 'See you there.',
    });
    const email = renderReminderEmail(reminder, words);
    expect(email.subject).toBe('3 to go: Lens one: <trends>');
    expect(email.text).toContain('You were 2:14 into Lens one: <trends>. Only 3 more.');
    expect(email.text).toContain(`Back to it: ${reminder.signInUrl}`);
    expect(email.text).toContain('See you there.');
    expect(email.text).toContain('Or sign in on any device with this code: 048213');
    expect(email.text).toContain('because you asked the free Three Lenses course');
    expect(email.text).toContain('Unsubscribe from reminders: https://lenses.example/unsubscribe');
  });

  it('says why it came and carries the unsubscribe link in both parts; the other e-mails carry none', () => {
    const email = renderReminderEmail(reminder, shipped);
    expect(email.text).toContain('because you asked the free Three Lenses course at https://lenses.example');
    expect(email.text).toContain(
      'Unsubscribe from reminders: https://lenses.example/unsubscribe?token=a.b.c',
    );
    expect(email.html).toContain(
      '<a href="https://lenses.example/unsubscribe?token=a.b.c" style="color:#71717a;">Unsubscribe from reminders</a>',
    );
    for (const other of [renderCourseEmail(input, shipped), renderSignInLinkEmail(input, shipped)]) {
      expect(other.text).not.toContain('Unsubscribe');
      expect(other.html).not.toContain('Unsubscribe');
    }
  });

  it.each([
    [0, '0:00'],
    [59.9, '0:59'],
    [134, '2:14'],
    [3725, '1:02:05'],
  ])('clockTime(%s) is %s', (seconds, shown) => {
    expect(clockTime(seconds)).toBe(shown);
  });
});
