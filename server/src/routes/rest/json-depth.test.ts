import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth.ts';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects together, each level once', () => {
    expect(nestsDeeperThan('{"a": [1, {"b": []}], "c": {}}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a": [1, {"b": [[]]}]}', 4)).toBe(true);
    expect(nestsDeeperThan('[][][][]', 1)).toBe(false);
    expect(nestsDeeperThan('"no brackets" ', 0)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes and backslashes included', () => {
    expect(nestsDeeperThan(String.raw`["[[[", "\"[[", "\\", {"{{": "]]"}]`, 2)).toBe(false);
    expect(nestsDeeperThan(String.raw`["\\", [[]]]`, 2)).toBe(true);
  });

  it('stops at the first level past the limit of a very deep text', () => {
    expect(nestsDeeperThan(`${'['.repeat(1_000_000)}`, 32)).toBe(true);
  });
});
