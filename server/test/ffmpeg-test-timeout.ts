/**
 * How long a test that runs ffmpeg may take. ffmpeg runs at a lower priority than everything else (the server's
 * requests come first), so on a busy machine a conversion the size of a blink can wait minutes for the CPU. No
 * test asserts how long a conversion takes.
 */
export const FFMPEG_TEST_TIMEOUT = 300_000;
