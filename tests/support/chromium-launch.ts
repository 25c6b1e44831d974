/** How the e2e tests and the bench start Debian's Chromium: quiet, no GPU, nothing fetched in the background. */
export const CHROMIUM_LAUNCH = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};
