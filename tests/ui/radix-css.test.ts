import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { pruneRadixComponents, unusedRadixComponents, unusedRadixExports } from '../../scripts/radix-css';

/** Radix Themes' colour scales (tokens/colors/*.css). */
const radixColors = readdirSync('node_modules/@radix-ui/themes/tokens/colors').map((file) =>
  file.replace(/\.css$/, ''),
);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}
const sources = sourceFiles('src').map((path) => ({ path, text: readFileSync(path, 'utf8') }));

describe("the app's cut of Radix Themes' CSS", () => {
  it('imports the colour scale of every Radix colour named in src/', () => {
    const theme = readFileSync('src/theme.css', 'utf8');
    const imported = new Set([...theme.matchAll(/tokens\/colors\/([a-z]+)\.css/g)].map((match) => match[1]));
    const named = new Set<string>();
    const literal = new RegExp(`['"\`](${radixColors.join('|')})['"\`]`, 'g');
    for (const { text } of sources) for (const match of text.matchAll(literal)) named.add(match[1]!);
    expect(named.size).toBeGreaterThan(3);
    expect([...named].filter((color) => !imported.has(color)).sort()).toEqual([]);
  });

  it('leaves out only components no file in src/ imports from @radix-ui/themes', () => {
    const used = new Set<string>();
    for (const { text } of sources) {
      for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'@radix-ui\/themes'/g)) {
        for (const specifier of (match[1] ?? '').split(',')) {
          const name = specifier
            .trim()
            .split(/\s+as\s+/)[0]
            ?.replace(/^type\s+/, '');
          if (name) used.add(name);
        }
      }
    }
    expect(used.has('Button')).toBe(true);
    expect(unusedRadixExports.filter((name) => used.has(name))).toEqual([]);
  });

  it('drops the rules of the unused components and keeps every other rule', () => {
    const css = readFileSync('node_modules/@radix-ui/themes/components.css', 'utf8');
    const pruned = pruneRadixComponents(css);
    // What is left of an unused component is only where a selector also names one in use.
    const unused = new RegExp(`^\\.rt-(?:${unusedRadixComponents.join('|')})(?![a-z])`);
    postcss.parse(pruned).walkRules((rule) => {
      for (const selector of rule.selectors) {
        const classes = selector.match(/\.rt-[A-Z][A-Za-z]*/g) ?? [];
        if (classes.some((name) => unused.test(name)))
          expect(classes.some((name) => !unused.test(name))).toBe(true);
      }
    });
    for (const name of ['SliderRoot', 'Kbd', 'ThemePanel', 'HoverCardContent', 'Skeleton'])
      expect(pruned).not.toContain(`.rt-${name}`);
    for (const name of [
      'Button',
      'BaseButton',
      'SelectContent',
      'TextFieldRoot',
      'BaseDialogContent',
      'TableRoot',
    ])
      expect(pruned).toContain(`.rt-${name}`);
    // A selector list shared with an unused component keeps the used part.
    expect(pruneRadixComponents('.rt-SelectContent, .rt-HoverCardContent { color: red }')).toBe(
      '.rt-SelectContent { color: red }',
    );
    expect(pruneRadixComponents('@media (hover: hover) { .rt-SliderRoot { color: red } }')).toBe('');
    // A selector naming a component in use beside an unused one stays whole (the tabs' active label).
    const shared =
      ":where(.rt-BaseTabListTrigger[data-state='active'], .rt-TabNavLink[data-active]) .rt-X { font-weight: 500 }";
    expect(pruneRadixComponents(shared)).toBe(shared);
    expect(pruned).toContain('.rt-TabNavLink[data-active]) .rt-BaseTabListTriggerInner');
    expect(pruned.length).toBeLessThan(css.length * 0.9);
  });
});
