import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Debian's Chromium, never a downloaded browser: its headless shell (package chromium-headless-shell,
 * installed by scripts/ensure-chromium.sh) when present, else the full browser. The server runs on a
 * fresh PGlite folder per run.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env['CHROMIUM_PATH'] ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');
const port = Number(process.env['E2E_PORT'] ?? 8181);
/** Paths need several codes per phone within a minute; the 60 s rule itself is tested in vitest. */
export const smsResendSeconds = 3;
/** Every browser path comes from 127.0.0.1 (logins, codes, wrong ones on purpose); the address limits are tested in vitest. */
const addressLimit = 5000;
/** A push whose portal is down reaches 推送失败 after 5 tries in about 25 s instead of 2.5 minutes
 * (back-off 1, 2, 4, 8 s); the real back-off is tested in vitest. */
export const pushBackoffSeconds = 1;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // One retry on CI for a loaded 2-core machine; a retried test is reported as flaky, not hidden.
  retries: process.env['CI'] ? 1 : 0,
  // The browser paths' records (states asserted, transitions taken, how each event was produced)
  // for npm run model:coverage.
  reporter: [
    ['list'],
    ['./e2e/support/model-run-reporter.ts', { outputFile: `reports/model-runs/${port}.jsonl` }],
  ],
  outputDir: `test-results/${port}`,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1400, height: 860 },
    locale: 'zh-CN',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: `npx tsx scripts/build-server.ts server/main.ts .tmp/server-${port}.mjs && rm -rf .tmp/e2e-data-${port} && DATA_DIR=.tmp/e2e-data-${port} DEMO_CONTRACTS=0 CHECK_STATEMENT_SHAPES=1 SMS_RESEND_SECONDS=${smsResendSeconds} LOGIN_IP_MAX_FAILURES=${addressLimit} SMS_IP_MAX_SENDS=${addressLimit} CODE_IP_MAX_FAILURES=${addressLimit} PUSH_BACKOFF_SECONDS=${pushBackoffSeconds} PORT=${port} HOST=127.0.0.1 node .tmp/server-${port}.mjs`,
    url: `http://127.0.0.1:${port}/api/sandbox/smsOutbox`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
