// The start-up warning for a server reachable from other machines whose links (SITE_URL) lead to localhost.
import { isIP } from 'node:net';

const isLoopback = (host: string) => {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (name === 'localhost' || name.endsWith('.localhost') || name === '::1') return true;
  return isIP(name) === 4 && name.startsWith('127.');
};

/** One line when `siteUrl` names this machine while `host` (HOST) lets other machines in, else undefined. */
export function localhostLinksWarning(settings: { siteUrl: string; host: string }): string | undefined {
  if (!isLoopback(new URL(settings.siteUrl).hostname) || isLoopback(settings.host)) return undefined;
  return (
    `Links point at ${settings.siteUrl} (SITE_URL) while the server listens on ${settings.host} for other machines: ` +
    'their visitors would get canonical, Open Graph and e-mail links to their own machine. Set SITE_URL to the ' +
    "site's public address (in the environment or .env), or HOST=127.0.0.1 to stay on this machine."
  );
}
