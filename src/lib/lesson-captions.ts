// A lesson's captions as the course plays them: WebVTT, checked by a WebVTT parser; SubRip (.srt) converted to
// WebVTT first. Shared by the studio (in the browser) and the owner's tool, which say the problems in their words.
import webvtt from 'webvtt-parser';

/** Why a file cannot be a lesson's captions; `line` counts from 1 in the file as given. */
export type CaptionsProblem =
  | { kind: 'not-text' }
  | { kind: 'no-cues' }
  | { kind: 'invalid-webvtt'; line: number; detail: string }
  /** `line`: null when the timings are out of order somewhere the parser cannot say in the SubRip file. */
  | { kind: 'invalid-srt'; line: number | null };

export type CaptionsResult =
  { ok: true; vtt: string; format: 'webvtt' | 'srt' } | { ok: false; problem: CaptionsProblem };

const SRT_TIMING =
  /^(\d{1,2}):(\d{2}):(\d{2})[,.](\d{1,3})\s*-->\s*(\d{1,2}):(\d{2}):(\d{2})[,.](\d{1,3})(?:\s+.*)?$/;

const pad = (value: string, length: number) => value.padStart(length, '0');

/** SubRip's "1:02:03,4" as WebVTT's "01:02:03.400". */
const timestamp = (hours: string, minutes: string, wholeSeconds: string, millis: string) =>
  `${pad(hours, 2)}:${minutes}:${wholeSeconds}.${millis.padEnd(3, '0')}`;

const seconds = (hours: string, minutes: string, wholeSeconds: string, millis: string) =>
  Number(hours) * 3600 + Number(minutes) * 60 + Number(wholeSeconds) + Number(millis.padEnd(3, '0')) / 1000;

/** The parser's verdict on WebVTT text. */
function checkWebVtt(text: string): CaptionsProblem | null {
  const { cues, errors } = new webvtt.WebVTTParser().parse(text, 'subtitles');
  const [first] = errors;
  if (first) return { kind: 'invalid-webvtt', line: first.line, detail: first.message };
  return cues.length === 0 ? { kind: 'no-cues' } : null;
}

/** SubRip blocks (an optional number, a timing line, one or more lines of text) as WebVTT cues. */
function srtToWebVtt(text: string): { vtt: string } | { line: number } {
  const lines = text.split('\n');
  const cues: string[] = [];
  let index = 0;
  let previousStart = 0;
  while (index < lines.length) {
    while (index < lines.length && lines[index]?.trim() === '') index += 1;
    if (index >= lines.length) break;
    const blockStart = index;
    let id = '';
    if (/^\d+$/.test(lines[index]?.trim() ?? '')) {
      id = lines[index]?.trim() ?? '';
      index += 1;
    }
    const timing = SRT_TIMING.exec(lines[index]?.trim() ?? '');
    if (!timing) return { line: index + 1 > lines.length ? blockStart + 1 : index + 1 };
    const [, h1 = '', m1 = '', s1 = '', f1 = '', h2 = '', m2 = '', s2 = '', f2 = ''] = timing;
    const start = seconds(h1, m1, s1, f1);
    if (seconds(h2, m2, s2, f2) <= start || start < previousStart) return { line: index + 1 };
    previousStart = start;
    index += 1;
    const cueText: string[] = [];
    while (index < lines.length && lines[index]?.trim() !== '') {
      // "-->" would end a WebVTT cue's text; an arrow reads the same.
      cueText.push((lines[index] ?? '').replaceAll('-->', '→'));
      index += 1;
    }
    if (cueText.length === 0) return { line: index };
    cues.push(
      [...(id ? [id] : []), `${timestamp(h1, m1, s1, f1)} --> ${timestamp(h2, m2, s2, f2)}`, ...cueText].join(
        '\n',
      ),
    );
  }
  return { vtt: `WEBVTT\n\n${cues.join('\n\n')}\n` };
}

/**
 * The captions in `bytes` as WebVTT: WebVTT as it is (once the parser accepts it), SubRip converted (a byte
 * order mark and Windows line ends are fine), anything else refused with the reason and the line.
 */
export function captionsAsWebVtt(bytes: Uint8Array): CaptionsResult {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, problem: { kind: 'not-text' } };
  }
  const unified = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const firstLine = unified.split('\n').find((line) => line.trim() !== '') ?? '';
  const looksLikeSrt = /^\d+$/.test(firstLine.trim()) || SRT_TIMING.test(firstLine.trim());
  if (!unified.startsWith('WEBVTT') && looksLikeSrt) {
    const converted = srtToWebVtt(unified);
    if ('line' in converted) return { ok: false, problem: { kind: 'invalid-srt', line: converted.line } };
    const problem = checkWebVtt(converted.vtt);
    // The conversion checked each cue's timing, so the parser rarely finds more, and its line is the WebVTT's.
    if (problem)
      return {
        ok: false,
        problem: problem.kind === 'no-cues' ? problem : { kind: 'invalid-srt', line: null },
      };
    return { ok: true, vtt: converted.vtt, format: 'srt' };
  }
  const problem = checkWebVtt(text);
  return problem ? { ok: false, problem } : { ok: true, vtt: text, format: 'webvtt' };
}
