import { z } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { type Lesson, lessonForSlug, lessonSchema, lessonSearch, lessonSlugIn } from './lesson';

const row = {
  id: 1,
  slug: 'welcome',
  title: 'Welcome',
  summary: 'What the three lenses are.',
  video_path: 'lessons/welcome.mp4',
  stream_path: null,
  captions_path: 'lessons/welcome.vtt',
  poster_path: 'lessons/welcome.jpg',
  duration_seconds: 45,
  order_index: 1,
};

const lessons: Lesson[] = [row, { ...row, id: 2, slug: 'trends', title: 'Trends', order_index: 2 }];

describe('lessonSchema', () => {
  it('reads a row as PostgREST sends it, missing captions and poster included', () => {
    expect(z.array(lessonSchema).parse([row])).toEqual([row]);
    expect(lessonSchema.parse({ ...row, captions_path: null, poster_path: null }).captions_path).toBeNull();
  });

  it.each([
    ['without a video', { ...row, video_path: '' }],
    ['without a slug', { ...row, slug: '' }],
    ['with a negative duration', { ...row, duration_seconds: -1 }],
    ['with a duration as text', { ...row, duration_seconds: '45' }],
    ['missing its title', { ...row, title: undefined }],
  ])('refuses a row %s', (_, bad) => {
    expect(lessonSchema.safeParse(bad).success).toBe(false);
  });
});

describe('deep links', () => {
  it('reads the slug of ?lesson= and writes one', () => {
    expect(lessonSlugIn('?lesson=trends')).toBe('trends');
    expect(lessonSlugIn('')).toBeNull();
    expect(lessonSearch('trends')).toBe('?lesson=trends');
    expect(lessonSlugIn(lessonSearch('a&b c'))).toBe('a&b c');
  });

  it('picks the lesson a slug names, or the first for an unknown or missing slug', () => {
    expect(lessonForSlug(lessons, 'trends')?.title).toBe('Trends');
    expect(lessonForSlug(lessons, 'gone')?.slug).toBe('welcome');
    expect(lessonForSlug(lessons, null)?.slug).toBe('welcome');
    expect(lessonForSlug([], 'welcome')).toBeUndefined();
  });
});
