/**
 * Writes the `model-path` records of the browser paths (attached by runPathInBrowser) to one JSON
 * lines file per server port, with each test's outcome: reports/model-runs/<port>.jsonl. Every run
 * starts the file afresh, so it always holds the last run; `npm run model:coverage` counts only the
 * paths that ran to their end in a test that passed.
 */
import { mkdirSync, writeFileSync, appendFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class ModelRunReporter implements Reporter {
  private readonly outputFile: string;
  private startedAt = new Date().toISOString();

  constructor(options: { outputFile: string }) {
    this.outputFile = options.outputFile;
  }

  onBegin(): void {
    this.startedAt = new Date().toISOString();
    mkdirSync(dirname(this.outputFile), { recursive: true });
    writeFileSync(this.outputFile, '');
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    for (const attachment of result.attachments) {
      if (attachment.name !== 'model-path' || !attachment.body) continue;
      const record = JSON.parse(attachment.body.toString('utf8')) as Record<string, unknown>;
      const line = {
        ...record,
        file: relative(process.cwd(), test.location.file),
        test: test.titlePath().filter(Boolean).slice(1).join(' › '),
        status: result.status,
        retry: result.retry,
        ...(result.error?.message !== undefined ? { error: result.error.message } : {}),
        at: this.startedAt,
      };
      appendFileSync(this.outputFile, `${JSON.stringify(line)}\n`);
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}
