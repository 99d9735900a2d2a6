/**
 * Radix Themes' stylesheet, cut to what the app uses (issue 19: the login route's CSS at most
 * 60 KB gzip; the whole styles.css was about 80 KB of it). src/theme.css imports the token base,
 * the colour scales the app names and the utilities; the build drops from components.css the rules
 * of components the app never imports (radixComponentsCss, a Vite plugin in vite.config.ts).
 * tests/ui/radix-css.test.ts keeps both lists true: a colour named in src/ must be imported, and a
 * component imported from '@radix-ui/themes' must not be among the dropped ones.
 */
import postcss from 'postcss';
import type { Plugin } from 'vite';

/**
 * Components whose CSS is left out (their class names: .rt-<Name> and .rt-<Name><Part>). The
 * dropdown menu's shared menu styling (BaseMenu, also the context menu's) stays: the main layout's
 * user menu is a DropdownMenu.
 */
export const unusedRadixComponents = [
  'Blockquote',
  'CheckboxCards',
  'CheckboxGroup',
  'Container',
  'ContextMenu',
  'Em',
  'HoverCard',
  'Kbd',
  'Quote',
  'RadioCards',
  'Section',
  'Skeleton',
  'Slider',
  'Strong',
  'TabNav',
  'ThemePanel',
] as const;

/** The React components that stand for the class names above (what src/ must not import). */
export const unusedRadixExports: readonly string[] = unusedRadixComponents;

const unusedClass = new RegExp(`^\\.rt-(?:${unusedRadixComponents.join('|')})(?![a-z0-9_-])`);

/**
 * A selector goes only when every component class in it belongs to an unused component: one that
 * also names a component in use (`:where(.rt-BaseTabListTrigger[data-state='active'],
 * .rt-TabNavLink[data-active]) .rt-BaseTabListTriggerInner`, the tabs' shared styling) stays whole.
 */
function onlyUnused(selector: string): boolean {
  const classes = selector.match(/\.rt-[A-Z][A-Za-z]*/g) ?? [];
  return classes.length > 0 && classes.every((name) => unusedClass.test(name));
}

/** components.css without the rules (or the selectors of a rule) that only style unused components. */
export function pruneRadixComponents(css: string): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
    const kept = rule.selectors.filter((selector) => !onlyUnused(selector));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((atRule) => {
    if (atRule.nodes?.length === 0) atRule.remove();
  });
  return root.toString();
}

export function radixComponentsCss(): Plugin {
  return {
    name: 'radix-components-css',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]@radix-ui[\\/]themes[\\/]components\.css(?:\?|$)/.test(id)) return null;
      return { code: pruneRadixComponents(code), map: null };
    },
  };
}
