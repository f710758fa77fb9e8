/** The bench's slow phones in a real Chromium: Lighthouse's mobile throttling, and the learner's slower link. */
import type { Page } from '@playwright/test';

/** What Chrome's DevTools Protocol takes to throttle a page's network (Network.emulateNetworkConditions). */
export interface NetworkConditions {
  offline: boolean;
  /** Added to each request's round trip, in ms. */
  latency: number;
  /** Bytes per second. */
  downloadThroughput: number;
  uploadThroughput: number;
}

/** Lighthouse's mobile "slow 4G": 150 ms RTT and 1.6 Mbps down, 750 Kbps up, times its packet-level factors. */
export const SLOW_4G: NetworkConditions = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};

/**
 * The learner's slow phone that the arrival at /course and a lesson's stream are held to: 400 kbps each way
 * (1 kbps = 1,000 bits/s), 400 ms round trip.
 */
export const SLOW_LINK: NetworkConditions = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1000) / 8,
  uploadThroughput: (400 * 1000) / 8,
};

const CPU_SLOWDOWN = 4;

/** `network` (slow 4G unless told) and a 4× slower CPU for `page`, through the Chrome DevTools Protocol. */
export async function throttleLikeASlowPhone(
  page: Page,
  network: NetworkConditions = SLOW_4G,
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}
