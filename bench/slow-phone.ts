/** Lighthouse's mobile throttling in a real Chromium, for the bench's interaction run and the e2e specs. */
import type { Page } from '@playwright/test';

/** Lighthouse's mobile "slow 4G": 150 ms RTT and 1.6 Mbps down, 750 Kbps up, times its packet-level factors. */
const SLOW_4G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const CPU_SLOWDOWN = 4;

/** Slow 4G and a 4× slower CPU for `page`, through the Chrome DevTools Protocol. */
export async function throttleLikeASlowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}
