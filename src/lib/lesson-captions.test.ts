import { describe, expect, it } from 'vitest';
import { captionsAsWebVtt } from './lesson-captions';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('captionsAsWebVtt', () => {
  it('converts SubRip: a header, dots in the timings, the cue numbers kept, a BOM and CRLF taken', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,500\r\nHello, <i>world</i>\r\nSecond line\r\n\r\n2\r\n0:00:03,2 --> 00:00:04,000 X1:10\r\nBye --> now\r\n\r\n';
    expect(captionsAsWebVtt(bytes(srt))).toEqual({
      ok: true,
      format: 'srt',
      vtt: 'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nHello, <i>world</i>\nSecond line\n\n2\n00:00:03.200 --> 00:00:04.000\nBye → now\n',
    });
  });

  it('accepts SubRip without cue numbers', () => {
    const result = captionsAsWebVtt(bytes('00:00:01,000 --> 00:00:02,000\nHi\n'));
    expect(result).toEqual({ ok: true, format: 'srt', vtt: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n' });
  });

  it('keeps valid WebVTT exactly as it is', () => {
    const vtt = 'WEBVTT\r\n\r\nintro\r\n00:01.000 --> 00:02.000 line:0\r\n<v Coach>Hi</v>\r\n';
    expect(captionsAsWebVtt(bytes(vtt))).toEqual({ ok: true, format: 'webvtt', vtt });
  });

  it.each([
    ['bytes that are not UTF-8', new Uint8Array([0x31, 0x0a, 0xff, 0xfe]), { kind: 'not-text' }],
    ['WebVTT without cues', bytes('WEBVTT\n'), { kind: 'no-cues' }],
    ['plain text', bytes('Dear coach,\nhere are my notes.\n'), { kind: 'invalid-webvtt', line: 1 }],
    [
      'WebVTT with SubRip timings',
      bytes('WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nHi\n'),
      { kind: 'invalid-webvtt' },
    ],
    [
      'SubRip with a broken timing',
      bytes('1\n00:00:01,000 --> 00:00:02,000\nHi\n\n2\n00:00:03 to 00:00:04\nBye\n'),
      { kind: 'invalid-srt', line: 6 },
    ],
    [
      'SubRip ending before it starts',
      bytes('1\n00:00:05,000 --> 00:00:02,000\nHi\n'),
      { kind: 'invalid-srt', line: 2 },
    ],
    [
      'SubRip with a cue and no text',
      bytes('1\n00:00:01,000 --> 00:00:02,000\n\n'),
      { kind: 'invalid-srt', line: 2 },
    ],
  ])('refuses %s, saying why and where', (_, input, problem) => {
    expect(captionsAsWebVtt(input)).toMatchObject({ ok: false, problem });
  });
});
