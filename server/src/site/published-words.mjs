// The site's words as published in a Supabase project (hosted, or this server's own API): `npm run build`
// prerenders a static host's pages in them, and its published words reach the page without a request.

/**
 * The fields the owner changed, as published ({} before her first publish).
 * @param {{ supabaseUrl: string, serviceRoleKey: string }} project
 * @returns {Promise<Record<string, string>>}
 */
export async function fetchPublishedWords({ supabaseUrl, serviceRoleKey }) {
  const url = `${supabaseUrl.replace(/\/$/, '')}/rest/v1/rpc/published_site_words`;
  let response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        apikey: serviceRoleKey,
        authorization: `Bearer ${serviceRoleKey}`,
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
      `${url} answered ${response.status} (${await response.text()}): are the migrations applied, and is SUPABASE_SERVICE_ROLE_KEY the project's service-role key?`,
    );
  }
  const words = await response.json();
  const isWords =
    words instanceof Object &&
    !Array.isArray(words) &&
    Object.values(words).every((word) => typeof word === 'string');
  if (!isWords) throw new Error(`${url} answered something other than the site's words.`);
  return words;
}
