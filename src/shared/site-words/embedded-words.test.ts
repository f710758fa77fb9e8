import { afterEach, describe, expect, it } from 'vitest';
import { embeddedWordsScript, readEmbeddedWords } from './embedded-words';

afterEach(() => document.body.replaceChildren());

describe('the words a page carries for its hydration', () => {
  it('come back as they went, and no word can end their script', () => {
    const words = { 'about.founderName': 'Sam </script><script>alert(1)</script>' };
    const script = embeddedWordsScript(words);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    document.body.innerHTML = script;
    expect(readEmbeddedWords(document)).toEqual(words);
  });

  it('are none when the page has none, or none that make sense', () => {
    expect(readEmbeddedWords(document)).toEqual({});
    document.body.innerHTML = '<script id="site-words" type="application/json">{"a": 1}</script>';
    expect(readEmbeddedWords(document)).toEqual({});
    document.body.innerHTML = '<script id="site-words" type="application/json">not json</script>';
    expect(readEmbeddedWords(document)).toEqual({});
  });
});
