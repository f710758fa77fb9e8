/**
 * Where a counted page view came from, as one short label the owner's overview can show per day: the page
 * address's `utm_source`, else the host of another site whose link was followed, else "direct". Nothing more of
 * the address or the referrer is kept: no path, no query, no person (docs/privacy-and-data.md, "Page views").
 */

/** A label as the `page_views.source` column takes it: lower-case letters, digits, dots, dashes, underscores. */
const LABEL = /^[a-z0-9][a-z0-9._-]{0,59}$/;

/** No campaign and no other site's link: typed, bookmarked, opened from an app, or a link on this site. */
export const DIRECT = 'direct';
/** A campaign or referrer that is not a short plain label: kept as one bucket rather than as given. */
export const OTHER = 'other';

export interface Navigation {
  /** The address the browser asked for. */
  url: string;
  /** The Referer header, when the browser sent one. */
  referrer: string | undefined;
  /** The Sec-Fetch-Site header: only 'cross-site' means the link was on another site. */
  fetchSite: string | undefined;
}

const asLabel = (text: string) => {
  const label = text.trim().toLowerCase();
  return LABEL.test(label) ? label : OTHER;
};

function campaign(url: string): string | undefined {
  try {
    return new URL(url).searchParams.get('utm_source')?.trim() || undefined;
  } catch {
    return undefined;
  }
}

function referringHost(referrer: string): string {
  try {
    const { protocol, hostname } = new URL(referrer);
    if (protocol !== 'https:' && protocol !== 'http:') return OTHER;
    return asLabel(hostname.replace(/^www\./, ''));
  } catch {
    return OTHER;
  }
}

export function pageViewSource({ url, referrer, fetchSite }: Navigation): string {
  const utmSource = campaign(url);
  if (utmSource !== undefined) return asLabel(utmSource);
  if (fetchSite === 'cross-site' && referrer) return referringHost(referrer);
  return DIRECT;
}
