// The site's words as published in a Supabase project (hosted, or this server's own API): `npm run build`
// prerenders a static host's pages in them (SITE_WORDS_FROM), with the public key the site calls that API with.

/**
 * The fields the owner changed, as published ({} before her first publish).
 * @param {{ apiUrl: string, anonKey: string }} api
 * @returns {Promise<Record<string, string>>}
 */
export async function fetchPublishedWords({ apiUrl, anonKey }) {
  const url = `${apiUrl.replace(/\/$/, '')}/rest/v1/rpc/published_site_words`;
  let response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        apikey: anonKey,
        authorization: `Bearer ${anonKey}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
  } catch (error) {
    throw new Error(`Could not reach ${url} for the published site words: ${String(error)}`, {
      cause: error,
    });
  }
  if (!response.ok) {
    throw new Error(
      `${url} answered ${response.status} (${await response.text()}): are the migrations applied, and is VITE_SUPABASE_ANON_KEY that API's public key?`,
    );
  }
  const words = await response.json();
  const isWords =
    typeof words === 'object' &&
    words !== null &&
    !Array.isArray(words) &&
    Object.values(words).every((word) => typeof word === 'string');
  if (!isWords) throw new Error(`${url} answered something other than the site's words.`);
  return words;
}
