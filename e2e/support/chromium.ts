// How Chromium runs on these machines, for the journeys and the benchmark's Lighthouse runs.

/** Debian's Chromium (CI installs it): Playwright cannot download its own browser here. */
export const systemChromium = '/usr/bin/chromium';

/** Without the networking flags a closed network makes Chromium slow and noisy. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
