/** Every process that serves starts with the young generation server/heap.ts sets out. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { semiSpaceFlag } from '../../server/heap';

describe('the serving process’s heap', () => {
  it('npm start gives node the semi-space flag', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
      .scripts;
    expect(scripts['start']).toContain(`node ${semiSpaceFlag} dist/server/main.mjs`);
  });
});
