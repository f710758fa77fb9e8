// The site's words and the course's outline as published in a Supabase project (hosted, or this server's own API):
// `npm run build` prerenders a static host's pages with them (SITE_WORDS_FROM), with the public key the site calls
// that API with.

import { OUTLINE_COLUMNS } from '../../../supabase/course-outline-columns.mjs';

/**
 * The API's answer at `apiPath`, as JSON; throws, naming the address and what it was asked for, when it cannot be
 * reached or refuses.
 * @param {{ apiUrl: string, anonKey: string }} api
 * @param {string} apiPath
 * @param {RequestInit} init
 * @param {string} what
 */
async function askApi({ apiUrl, anonKey }, apiPath, init, what) {
  const url = `${apiUrl.replace(/\/$/, '')}${apiPath}`;
  let response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
    });
  } catch (error) {
    throw new Error(`Could not reach ${url} for ${what}: ${String(error)}`, { cause: error });
  }
  if (!response.ok) {
    throw new Error(
      `${url} answered ${response.status} (${await response.text()}): are the migrations applied, and is VITE_SUPABASE_ANON_KEY that API's public key?`,
    );
  }
  return { url, body: await response.json() };
}

/**
 * The fields the owner changed, as published ({} before her first publish).
 * @param {{ apiUrl: string, anonKey: string }} api
 * @returns {Promise<Record<string, string>>}
 */
export async function fetchPublishedWords(api) {
  const { url, body: words } = await askApi(
    api,
    '/rest/v1/rpc/published_site_words',
    { method: 'POST', body: '{}' },
    'the published site words',
  );
  const isWords =
    typeof words === 'object' &&
    words !== null &&
    !Array.isArray(words) &&
    Object.values(words).every((word) => typeof word === 'string');
  if (!isWords) throw new Error(`${url} answered something other than the site's words.`);
  return words;
}

/**
 * The published lessons' rows of the view `course_outline`, in the order /course reads them; the page that
 * renders them checks each row.
 * @param {{ apiUrl: string, anonKey: string }} api
 * @returns {Promise<unknown[]>}
 */
export async function fetchPublishedOutline(api) {
  const { url, body: rows } = await askApi(
    api,
    `/rest/v1/course_outline?select=${OUTLINE_COLUMNS}&order=order_index.asc,slug.asc`,
    { method: 'GET' },
    'the published lessons',
  );
  if (!Array.isArray(rows)) throw new Error(`${url} answered something other than the course's outline.`);
  return rows;
}
