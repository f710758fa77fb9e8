// The performance targets of issue 6, in one place: the bench reports against them, the budget test enforces the byte ones.

/** 1 KB = 1,000 bytes, as the issue writes it. */
export const KB = 1000;

export const BUDGET = {
  /** JavaScript loaded before any interaction, gzipped. */
  initialJsGzip: 90 * KB,
  /** CSS loaded before any interaction, gzipped. */
  initialCssGzip: 15 * KB,
  /** Everything the first view transfers (Lighthouse's total byte weight). */
  firstViewBytes: 200 * KB,
};

export const TARGETS = {
  lighthouseScore: 100,
  /** Our LCP may be at most this multiple of the reference page's LCP in the same run. */
  lcpRatio: 1.25,
  cls: 0,
  tbtMs: 0,
  /** The guides endpoint's requests/s as a share of the bare hello-world server's. */
  guidesShareOfCeiling: 0.5,
  guidesP99Ms: 25,
  signupsPerSecond: 1000,
  signupP99Ms: 50,
  serverRssMb: 200,
};
