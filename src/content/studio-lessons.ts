/**
 * Every word of the studio's Lessons section: the list, reordering, publishing, editing, previewing a draft and
 * adding a lesson with its video, captions and poster. The lessons' own titles and summaries are rows of
 * `lessons`, not copy.
 */

import { courseCopy } from './course-page';
import { signupCopy } from './signup';

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export const studioLessonsCopy = {
  /** The section's name in the studio's navigation and its heading. */
  label: 'Lessons',
  loading: 'Loading the lessons…',
  loadFailed: "We couldn't load the lessons. Please check your connection and try again.",
  tryAgain: 'Try again',
  empty: 'No lessons yet. Add the first one below.',
  listLabel: 'Lessons in course order',
  length: (seconds: number) => minutes(seconds),
  position: (position: number, total: number) => `Lesson ${position} of ${total}`,
  published: 'Published',
  draft: 'Draft',
  freePreview: 'Free preview',
  publish: 'Publish',
  unpublish: 'Unpublish',
  moveUp: (title: string) => `Move “${title}” up`,
  moveDown: (title: string) => `Move “${title}” down`,
  moveUpShort: 'Up',
  moveDownShort: 'Down',
  edit: 'Edit',
  editLabel: (title: string) => `Edit “${title}”`,
  delete: 'Delete',
  deleteLabel: (title: string) => `Delete “${title}”`,
  preview: 'Preview as a learner',
  closePreview: 'Close the preview',
  previewHeading: (title: string) => `Preview: ${title}`,
  previewNote: 'Only you can watch a draft. Learners see it once you publish it.',
  previewFailed: "We couldn't open this lesson's video. Please try again.",
  /** A lesson's adaptive stream, which the server makes from the saved video (with ffmpeg, where it has it). */
  stream: {
    waiting: 'Waiting to make the streaming versions…',
    working: (percent: number) => `Making the streaming versions: ${percent} %`,
    done: 'Ready to stream on slow connections',
    failed: (reason: string) => `Plays as uploaded: ${reason}`,
    /** Said in the live region when a stream is done or has failed. */
    settled: {
      done: (title: string) => `“${title}” is ready to stream on slow connections.`,
      failed: (title: string, reason: string) => `“${title}” plays as uploaded: ${reason}`,
    },
  },
  /** Said in the section's live region after each change. */
  status: {
    moved: (title: string, position: number, total: number) =>
      `“${title}” is now lesson ${position} of ${total}.`,
    published: (title: string) => `“${title}” is published: signed-in learners see it now.`,
    unpublished: (title: string) => `“${title}” is a draft again: learners no longer see it.`,
    saved: (title: string) => `Saved “${title}”.`,
    deleted: (title: string) => `Deleted “${title}”. The lessons after it moved up.`,
    added: (title: string) => `Added “${title}” as a draft. Preview it, then publish it when it is ready.`,
    failed: "That didn't work. Please check your connection and try again.",
  },
  editForm: {
    title: 'Title',
    summary: 'Summary',
    summaryHint: 'A sentence or two, shown under the title in the course.',
    save: 'Save',
    saving: 'Saving…',
    cancel: 'Cancel',
    titleMissing: 'Give the lesson a title.',
    preview: 'Free preview: anyone can watch it without signing in',
    previewHint: (position: number) =>
      `Once published, the first free preview plays right after signing up (“${signupCopy.sentPanel.startLesson(position)}”) and on the course page (“${courseCopy.preview.watch(position)}”).`,
    speaksTo: 'Who it speaks to',
    speaksToHint:
      'A visitor who picks one of these in the questionnaire sees the lesson marked “For you” in the course.',
    worries: 'Worries',
    ageGroups: 'Age groups',
    strengths: 'Strengths and school subjects',
    otherTags: 'Other tags (from the owner’s tool)',
    /** Replacing the lesson's files: each field left empty keeps the file the lesson has. */
    filesHeading: 'Files',
    filesHint:
      'Replace the video, the captions or the poster. Learners who have the lesson open play on; the new files show the next time it opens.',
    files: {
      video: 'New video (MP4 or WebM)',
      videoNone: 'Leave empty to keep the current video.',
      videoClear: 'Keep the current video',
      captions: 'New captions (WebVTT .vtt or SubRip .srt)',
      captionsNone: 'Leave empty to keep the current captions.',
      captionsClear: 'Keep the current captions',
      poster: 'New poster',
      posterHint:
        'Leave it to keep the current poster, or pick a frame of the new video, or upload a picture.',
    },
    uploadFailed:
      'The upload stopped. Check your connection, then press Save again: it goes on from where it stopped.',
    saveFailed: 'The new files could not be stored.',
  },
  /** Asked before a change that leaves no published free preview. */
  lastPreview: {
    title: 'No free preview will be left',
    description: (title: string, position: number) =>
      `“${title}” is the only published free preview. Without one, visitors no longer get “${signupCopy.sentPanel.startLesson(position)}” after signing up, nor “${courseCopy.preview.watch(position)}” on the course page. Learners who signed up still see every published lesson.`,
    confirm: 'Go ahead',
    cancel: 'Keep the preview',
    close: 'Close',
  },
  /** Asked before a lesson is deleted for good. */
  deleteLesson: {
    title: (title: string) => `Delete “${title}” for good?`,
    description:
      'Its video, captions and poster go, and so does every learner’s progress in it; the lessons after it move up. This cannot be undone. To hide it from learners for now, unpublish it instead.',
    confirm: 'Delete the lesson',
    cancel: 'Keep the lesson',
    close: 'Close',
  },
  add: {
    open: 'Add a lesson',
    heading: 'Add a lesson',
    intro:
      'Pick the video, its captions and a poster. The video uploads in pieces, so a dropped connection only pauses it; if this page closes, pick the same video again and it goes on from where it stopped. The lesson is saved as a draft: nobody but you sees it until you publish it.',
    title: 'Title',
    summary: 'Summary',
    slug: 'Link name',
    slugHint: (slug: string) => `The lesson's address in the course: /course?lesson=${slug || '…'}`,
    /** The fields of the lesson's files. */
    files: {
      video: 'Video (MP4 or WebM)',
      videoNone: '',
      videoClear: 'Remove this video',
      captions: 'Captions (WebVTT .vtt or SubRip .srt)',
      captionsNone: 'Optional, but learners who cannot hear the sound need them.',
      captionsClear: 'Remove these captions',
      poster: 'Poster',
      posterHint: 'The picture shown before the video plays: pick one of its frames, or upload a picture.',
    },
    videoReading: 'Reading the video…',
    videoLength: (seconds: number) => `Length: ${minutes(seconds)}`,
    videoUnreadable:
      'This browser cannot play this file, so learners could not either. Export it as an MP4 (H.264) and pick that.',
    captionsReady: 'Captions ready.',
    captionsConverted: 'SubRip captions converted to WebVTT.',
    frame: (index: number) => `Frame ${index}`,
    posterUpload: 'Or upload a picture (JPEG, PNG or WebP)',
    posterNotPicture: 'Upload a JPEG, PNG or WebP picture.',
    submit: 'Upload and save as a draft',
    cancel: 'Cancel',
    missing: {
      title: 'Give the lesson a title.',
      slug: 'The link name must be lower-case letters and digits joined by hyphens, with a letter.',
      slugTaken: 'Another lesson already has this link name: choose another.',
      video: 'Pick the video.',
    },
    storingFiles: 'Storing the captions and poster…',
    saving: 'Saving the lesson…',
    uploadFailed:
      'The upload stopped. Check your connection, then press Upload again: it goes on from where it stopped.',
    saveFailed: 'The lesson could not be saved.',
  },
  /** Why captions were refused, by the shared check's reason. */
  captionsProblems: {
    notText: 'This is not a text file, so not captions. Pick a .vtt or .srt file.',
    noCues: 'This file has no captions in it.',
    invalidWebVtt: (line: number, detail: string) =>
      `This WebVTT file has a mistake on line ${line}: ${detail}`,
    invalidSrt: (line: number | null) =>
      line === null
        ? 'This SubRip file has captions out of order.'
        : `This SubRip file has a mistake on line ${line}: each caption needs a timing such as 00:00:01,000 --> 00:00:02,500 (ending after it starts), then its text.`,
  },
} as const;
