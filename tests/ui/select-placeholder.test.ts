/**
 * Every empty select reads -请选择- (000 section 8, issue 38): no screen gives a select's trigger a
 * prompt of its own, and a select's "nothing chosen" item reads the same. Read from the sources, as
 * the screens are many and each builds its selects from src/ui/select.tsx.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { selectPlaceholder } from '../../src/ui/input-rules';

/** Selects that are actions, not empty fields (移至分类 moves a picture), and the developer inspector. */
const allowed = [
  'placeholder="-请选择-"',
  'placeholder="移至分类"',
  'placeholder="选择状态机"',
  'placeholder={placeholder}',
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.tsx') ? [path] : [];
  });
}

describe('empty selects', () => {
  it('read -请选择-', () => {
    expect(selectPlaceholder).toBe('-请选择-');
    const own = sources('src').flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => /<Select\.Trigger[^>]*placeholder=/.test(line))
        .filter((line) => !allowed.some((prompt) => line.includes(prompt)))
        .map((line) => `${file}: ${line.trim()}`),
    );
    const emptyItems = sources('src').flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => /(<option value="">|value=\{none\}>)请选择/.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect([...own, ...emptyItems]).toEqual([]);
  });
});
