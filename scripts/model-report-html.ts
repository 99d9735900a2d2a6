/**
 * The model-coverage report as one self-contained HTML page (npm run model:report): no server, no
 * external script, style or font; it opens from file:// and works offline. It shows what
 * scripts/model-coverage-data.ts read from the records of the last runs — the same figures
 * `npm run model:coverage` prints — as QA reads them: the totals, each machine's graph coloured by
 * coverage (laid out by the inspector's module, src/inspector/graph), its states and transitions
 * with their coverage in words, the transitions that rest on a forged answer with the reason, and
 * every recorded path with its steps and result.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deriveTestMachine } from '../tests/support/machine-model';
import type { PathRecord, StepRecord } from '../tests/support/observed-coverage';
import { machineGraph, type MachineGraph } from '../src/inspector/graph/machine-graph';
import { layoutMachineGraph, type LayoutCache, type LayoutGeometry } from '../src/inspector/graph/layout';
import { escapeXml, graphToSvgString, type SvgPaint } from '../src/inspector/graph/graph-svg-string';
import {
  collectModelCoverage,
  type CoverageOptions,
  type MachineCoverage,
  type ModelCoverageData,
  type PathTally,
} from './model-coverage-data';

/** What the report says of one state or transition, in order of what the colour shows. */
export type CoverageClass = 'both' | 'chromium' | 'forged' | 'forced' | 'vitest' | 'none' | 'uncounted';

const classNames: Record<CoverageClass, string> = {
  both: 'vitest 与 Chromium 均覆盖',
  chromium: '仅 Chromium 覆盖',
  forged: 'Chromium 中仅在伪造的网络应答上走到',
  forced: 'Chromium 中仅经检查器强制走到',
  vitest: '仅 vitest 覆盖',
  none: '未覆盖',
  uncounted: '无事件的立即转换（不计入覆盖）',
};

/** Okabe–Ito colours (told apart with colour blindness), each with its own line and fill pattern. */
const palette: Record<CoverageClass, { stroke: string; fill: string }> = {
  both: { stroke: '#007a5a', fill: '#d5efe6' },
  chromium: { stroke: '#0060a0', fill: '#d4e5f3' },
  forged: { stroke: '#b07800', fill: 'url(#pat-forged)' },
  forced: { stroke: '#a8457f', fill: 'url(#pat-forced)' },
  vitest: { stroke: '#2a7fb0', fill: 'url(#pat-vitest)' },
  none: { stroke: '#c0392b', fill: 'url(#pat-none)' },
  uncounted: { stroke: '#8b8d98', fill: '#ffffff' },
};

const e = (text: string | number) => escapeXml(String(text));

type Flags = { vitest: boolean; chromium: boolean; forged: boolean; forced: boolean };

function classOf(flags: Flags): CoverageClass {
  if (flags.vitest && flags.chromium) return 'both';
  if (flags.chromium) return 'chromium';
  if (flags.forged) return 'forged';
  if (flags.forced) return 'forced';
  if (flags.vitest) return 'vitest';
  return 'none';
}

function flagWords(flags: Flags): string {
  const words = [
    flags.vitest ? 'vitest' : null,
    flags.chromium ? 'Chromium' : null,
    flags.forged ? 'Chromium（伪造应答）' : null,
    flags.forced ? 'Chromium（检查器强制）' : null,
  ].filter(Boolean);
  return words.length > 0 ? `覆盖于 ${words.join('、')}` : '未覆盖';
}

export function stateFlags(machine: MachineCoverage, state: string): Flags {
  const browser = machine.browser;
  const forged = browser?.forgedStates.includes(state) ?? false;
  return {
    vitest: machine.vitest.coveredStates.includes(state),
    chromium: browser?.drivenStates.includes(state) ?? false,
    forged,
    forced: !forged && (browser?.notDrivenStates.includes(state) ?? false),
  };
}

export function transitionFlags(machine: MachineCoverage, transition: string): Flags {
  const browser = machine.browser;
  return {
    vitest: machine.vitest.coveredTransitions.includes(transition),
    chromium: browser?.drivenTransitions.includes(transition) ?? false,
    forged: browser?.forged.transitions.includes(transition) ?? false,
    forced: browser?.forced.transitions.includes(transition) ?? false,
  };
}

/** The figures of the totals table for one machine (the same as npm run model:coverage's). */
export function machineFigures(machine: MachineCoverage) {
  const count = (items: string[], flags: (item: string) => Flags) => {
    const all = items.map(flags);
    return {
      total: items.length,
      vitest: all.filter((f) => f.vitest).length,
      chromium: all.filter((f) => f.chromium).length,
      forged: all.filter((f) => f.forged).length,
      forced: all.filter((f) => f.forced).length,
      none: all.filter((f) => !f.vitest && !f.chromium && !f.forged && !f.forced).length,
    };
  };
  return {
    states: count(machine.states, (s) => stateFlags(machine, s)),
    transitions: count(machine.transitions, (t) => transitionFlags(machine, t)),
    vitestPaths: machine.vitest.paths,
    browserPaths: tallyOf(machine.browserRecords),
  };
}

function tallyOf(records: PathRecord[]): PathTally {
  const tally: PathTally = { passed: 0, failed: 0, skipped: 0, other: 0 };
  for (const record of records) {
    if (record.completed && record.status === 'passed') tally.passed += 1;
    else if (record.status === 'failed' || record.status === 'timedOut') tally.failed += 1;
    else if (record.status === 'skipped') tally.skipped += 1;
    else tally.other += 1;
  }
  return tally;
}

const sourceWords: Record<StepRecord['source'], string> = {
  ui: '界面操作',
  server: '真实服务器应答',
  clock: '页面时钟',
  network: '伪造的网络应答',
  inspector: '经检查器强制',
  machine: '发给真实状态机',
};

function resultOf(record: PathRecord): { key: 'passed' | 'failed' | 'skipped' | 'other'; words: string } {
  if (record.status === 'passed' && record.completed) return { key: 'passed', words: '✓ 通过' };
  if (record.status === 'skipped') return { key: 'skipped', words: '− 跳过' };
  if (record.status === 'failed' || record.status === 'timedOut')
    return { key: 'failed', words: record.status === 'timedOut' ? '✗ 超时' : '✗ 失败' };
  if (record.status === 'passed') return { key: 'other', words: '! 未走完' };
  return { key: 'other', words: `! ${record.status}` };
}

/** The deepest active states of a step (the ones asserted), without their ancestors. */
function leaves(states: string[]): string[] {
  return states.filter((s) => !states.some((other) => other !== s && other.startsWith(`${s}.`)));
}

/** A planned step (`type {payload}`): the type, and the payload in small print. */
function eventCell(planned: string): string {
  const space = planned.indexOf(' ');
  if (space === -1) return `<code>${e(planned)}</code>`;
  return `<code>${e(planned.slice(0, space))}</code><br><small><code>${e(planned.slice(space + 1))}</code></small>`;
}

function stepsTable(record: PathRecord): string {
  const planned = record.path.split(' → ');
  const rows = record.steps.map(
    (step, index) =>
      `<tr><td>${index + 1}</td><td>${eventCell(planned[index] ?? step.event)}</td><td>${e(sourceWords[step.source] ?? step.source)}${step.reason ? `：${e(step.reason)}` : ''}</td><td>${leaves(
        step.states,
      )
        .map((s) => `<code>${e(s)}</code>`)
        .join(
          ' ',
        )}</td><td>${step.transitions.map((t) => `<code>${e(t)}</code>`).join('<br>') || '—'}</td></tr>`,
  );
  const stoppedAt = record.steps.length;
  const rest = planned.slice(stoppedAt);
  if (record.status !== 'skipped' && !record.completed && rest.length > 0) {
    rows.push(
      `<tr class="stopped"><td>${stoppedAt + 1}</td><td>${eventCell(rest[0] ?? '')}</td><td colspan="3">✗ 在这一步停止${rest.length > 1 ? `（其后 ${rest.length - 1} 步未运行）` : ''}</td></tr>`,
    );
  }
  if (rows.length === 0) return '<p>没有运行任何步骤。</p>';
  return `<table class="steps"><thead><tr><th scope="col">步</th><th scope="col">事件</th><th scope="col">事件来源</th><th scope="col">之后的状态</th><th scope="col">走过的转换</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function pathDetails(record: PathRecord, runner: 'vitest' | 'Chromium'): string {
  const result = resultOf(record);
  const where = `${record.file}${record.project ? `（${record.project}）` : ''}${record.retry ? `，第 ${record.retry} 次重试` : ''}`;
  const events = record.path
    .split(' → ')
    .map((event) => event.split(' ')[0])
    .filter((event) => event !== 'xstate.init');
  return `<details class="path result-${result.key}"><summary><span class="badge ${result.key}">${result.words}</span> <span class="runner">${runner}</span> <code>${e(events.join(' → ') || '（初始状态）')}</code></summary>
<p class="where">测试文件：${e(where)}</p>
<p class="where">完整路径（含事件数据）：<code>${e(record.path)}</code></p>
${record.error ? `<p><strong>失败信息：</strong></p><pre class="error">${e(record.error)}</pre>` : ''}
${stepsTable(record)}</details>`;
}

function pathsSection(
  machine: MachineCoverage,
  runner: 'vitest' | 'Chromium',
  records: PathRecord[],
): string {
  const tally = tallyOf(records);
  const order = { failed: 0, other: 1, skipped: 2, passed: 3 } as const;
  const sorted = [...records].sort((a, b) => order[resultOf(a).key] - order[resultOf(b).key]);
  const heading = `${runner} 路径（通过 ${tally.passed}，失败 ${tally.failed}，跳过 ${tally.skipped}${tally.other ? `，其他 ${tally.other}` : ''}）`;
  const body =
    records.length === 0
      ? `<p>上次运行没有 ${runner === 'vitest' ? 'vitest' : 'Chromium'} 中此状态机的路径记录。</p>`
      : sorted.map((record) => pathDetails(record, runner)).join('\n');
  return `<h3 id="${e(machine.id)}-${runner}-paths">${e(heading)}</h3>\n${body}`;
}

function figuresRow(machine: MachineCoverage, link: boolean): string {
  const f = machineFigures(machine);
  const name = link ? `<a href="#m-${e(machine.id)}">${e(machine.id)}</a>` : e(machine.id);
  const vitestSource = machine.vitest.source;
  const hasVitest = vitestSource !== 'none';
  const hasBrowser = machine.browser !== null;
  const part = (shown: boolean, n: number, total?: number) =>
    shown ? (total === undefined ? String(n) : `${n}/${total}`) : '—';
  const cells = [
    part(hasVitest, f.states.vitest, f.states.total),
    part(hasBrowser, f.states.chromium, f.states.total),
    part(hasBrowser, f.states.forged),
    part(hasBrowser, f.states.forced),
    String(f.states.none),
    part(hasVitest, f.transitions.vitest, f.transitions.total),
    part(hasBrowser, f.transitions.chromium, f.transitions.total),
    part(hasBrowser, f.transitions.forged),
    part(hasBrowser, f.transitions.forced),
    String(f.transitions.none),
    vitestSource === 'computed'
      ? '（推算）'
      : vitestSource === 'none'
        ? '—'
        : `${f.vitestPaths.passed} / ${f.vitestPaths.failed + f.vitestPaths.other}${f.vitestPaths.skipped ? ` / 跳过 ${f.vitestPaths.skipped}` : ''}`,
    machine.browserRecords.length === 0
      ? '—'
      : `${f.browserPaths.passed} / ${f.browserPaths.failed + f.browserPaths.other}${f.browserPaths.skipped ? ` / 跳过 ${f.browserPaths.skipped}` : ''}`,
  ];
  const failed = f.vitestPaths.failed + f.vitestPaths.other + f.browserPaths.failed + f.browserPaths.other;
  return `<tr data-machine="${e(machine.id)}"${failed > 0 ? ' class="has-failures"' : ''}><th scope="row">${name}</th>${cells
    .map((c, i) => `<td data-figure="${figureKeys[i]}">${e(c)}</td>`)
    .join('')}</tr>`;
}

const figureKeys = [
  'states-vitest',
  'states-chromium',
  'states-forged',
  'states-forced',
  'states-none',
  'transitions-vitest',
  'transitions-chromium',
  'transitions-forged',
  'transitions-forced',
  'transitions-none',
  'paths-vitest',
  'paths-chromium',
];

const figuresHead = `<thead><tr><th scope="col" rowspan="2">状态机</th><th scope="colgroup" colspan="5">状态</th><th scope="colgroup" colspan="5">转换</th><th scope="colgroup" colspan="2">路径（通过 / 失败）</th></tr>
<tr><th scope="col">vitest</th><th scope="col">Chromium</th><th scope="col">伪造应答</th><th scope="col">检查器强制</th><th scope="col">未覆盖</th><th scope="col">vitest</th><th scope="col">Chromium</th><th scope="col">伪造应答</th><th scope="col">检查器强制</th><th scope="col">未覆盖</th><th scope="col">vitest</th><th scope="col">Chromium</th></tr></thead>`;

function totalsRow(machines: MachineCoverage[]): string {
  const sum = {
    states: 0,
    transitions: 0,
    sv: 0,
    sc: 0,
    sn: 0,
    tv: 0,
    tc: 0,
    tn: 0,
    vp: 0,
    vf: 0,
    bp: 0,
    bf: 0,
  };
  for (const machine of machines) {
    const f = machineFigures(machine);
    sum.states += f.states.total;
    sum.transitions += f.transitions.total;
    sum.sv += f.states.vitest;
    sum.sc += f.states.chromium;
    sum.sn += f.states.none;
    sum.tv += f.transitions.vitest;
    sum.tc += f.transitions.chromium;
    sum.tn += f.transitions.none;
    sum.vp += f.vitestPaths.passed;
    sum.vf += f.vitestPaths.failed + f.vitestPaths.other;
    sum.bp += f.browserPaths.passed;
    sum.bf += f.browserPaths.failed + f.browserPaths.other;
  }
  const pct = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
  const anyBrowser = machines.some((m) => m.browser !== null);
  const chromium = (part: number, whole: number) =>
    anyBrowser ? `${part}/${whole}（${pct(part, whole)}）` : '—';
  return `<tr><th scope="row">合计（${machines.length} 个状态机）</th><td>${sum.sv}/${sum.states}（${pct(sum.sv, sum.states)}）</td><td>${chromium(sum.sc, sum.states)}</td><td></td><td></td><td>${sum.sn}</td><td>${sum.tv}/${sum.transitions}（${pct(sum.tv, sum.transitions)}）</td><td>${chromium(sum.tc, sum.transitions)}</td><td></td><td></td><td>${sum.tn}</td><td>${sum.vp} / ${sum.vf}</td><td>${sum.bp} / ${sum.bf}</td></tr>`;
}

function coverageTable(
  caption: string,
  items: { id: string; extra: string[] }[],
  extraHeads: string[],
  flags: (id: string) => Flags,
): string {
  const rows = items.map((item) => {
    const f = flags(item.id);
    const cls = classOf(f);
    return `<tr class="cov-${cls}"><td><span class="swatch cov-${cls}" aria-hidden="true"></span><code>${e(item.id)}</code></td>${item.extra
      .map((x) => `<td>${x}</td>`)
      .join('')}<td>${e(flagWords(f))}</td></tr>`;
  });
  return `<table class="items"><caption>${e(caption)}</caption><thead><tr><th scope="col">名称</th>${extraHeads
    .map((h) => `<th scope="col">${e(h)}</th>`)
    .join('')}<th scope="col">覆盖</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/**
 * Layouts kept as files by their key (a hash of elk's input, src/inspector/graph/layout.ts): a
 * second report lays out only the machines whose definition or text changed. Written under a
 * temporary name and renamed, so two reports at once never read half a file.
 */
export function fileLayoutCache(dir: string): LayoutCache {
  return {
    read(key) {
      const file = join(dir, `${key}.json`);
      try {
        return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LayoutGeometry) : null;
      } catch {
        return null;
      }
    },
    write(key, geometry) {
      mkdirSync(dir, { recursive: true });
      const machinePrefix = key.slice(0, key.indexOf('.') + 1);
      // One layout per machine: the one of an older definition goes.
      for (const name of readdirSync(dir))
        if (name.startsWith(machinePrefix) && name !== `${key}.json`)
          rmSync(join(dir, name), { force: true });
      const file = join(dir, `${key}.json`);
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(geometry));
      renameSync(temporary, file);
    },
  };
}

async function graphSvg(
  machine: MachineCoverage,
  layoutCache: LayoutCache | undefined,
): Promise<{ svg: string; graph: MachineGraph } | string> {
  try {
    const graph = machineGraph(deriveTestMachine(machine.spec.machine));
    const laid = await layoutMachineGraph(graph, layoutCache ? { cache: layoutCache } : {});
    const counted = new Set(machine.transitions);
    const paintState = (state: { id: string; isContainer: boolean }): SvgPaint => {
      if (state.id === graph.states[0]?.id) return { className: 'root' };
      const flags = stateFlags(machine, state.id);
      const cls = classOf(flags);
      return {
        stroke: palette[cls].stroke,
        ...(state.isContainer ? {} : { fill: palette[cls].fill }),
        className: `cov-${cls}`,
        title: flagWords(flags),
        isStrong: cls === 'none' || cls === 'both',
      };
    };
    const paintEdge = (edge: { transition: { key: string } }): SvgPaint => {
      const key = edge.transition.key;
      if (!counted.has(key))
        return { stroke: palette.uncounted.stroke, className: 'cov-uncounted', title: classNames.uncounted };
      const flags = transitionFlags(machine, key);
      const cls = classOf(flags);
      const reasons = machine.browser?.forged.reasons[key];
      return {
        stroke: palette[cls].stroke,
        className: `cov-${cls}`,
        title: `${flagWords(flags)}${reasons ? `；伪造原因：${reasons.join('；')}` : ''}`,
        isStrong: cls === 'none' || cls === 'both',
      };
    };
    const svg = graphToSvgString(laid, {
      paintState,
      paintEdge,
      title: `状态机 ${machine.id} 的状态图，按覆盖着色`,
    });
    return { svg, graph };
  } catch (error) {
    return `状态图未能绘制：${error instanceof Error ? error.message : String(error)}（下面的表格列出全部状态与转换）`;
  }
}

async function machineSection(
  machine: MachineCoverage,
  layoutCache: LayoutCache | undefined,
): Promise<string> {
  const drawn = await graphSvg(machine, layoutCache);
  const graph = typeof drawn === 'string' ? null : drawn.graph;
  const byKey = new Map(graph?.transitions.map((t) => [t.key, t]) ?? []);
  const sourceLine =
    machine.vitest.source === 'records'
      ? 'vitest 数字来自上次 vitest 运行的路径记录。'
      : machine.vitest.source === 'computed'
        ? 'vitest 数字是由生成的路径推算的（没有任何 vitest 运行记录）。'
        : '上次 vitest 运行没有此状态机的路径记录。';
  const browserLine = machine.browser
    ? `Chromium 数字来自上次 Playwright 运行中走完且通过的 ${machine.browser.paths} 条路径。`
    : machine.browserRecords.length > 0
      ? '上次 Playwright 运行中此状态机没有走完且通过的路径。'
      : '上次 Playwright 运行没有此状态机的路径记录。';
  const forged = machine.browser?.forged.transitions ?? [];
  const forgedList =
    forged.length === 0
      ? '<p>没有只在伪造应答上走到的转换。</p>'
      : `<ul class="forged">${forged
          .map(
            (t) =>
              `<li><code>${e(t)}</code>：${(machine.browser?.forged.reasons[t] ?? ['（记录中未注明原因）']).map(e).join('；')}</li>`,
          )
          .join('')}</ul>`;
  const forcedList = machine.browser?.forced.transitions ?? [];
  const states = coverageTable(
    `${machine.id} 的状态（${machine.states.length}）`,
    machine.states.map((id) => ({ id, extra: [] })),
    [],
    (s) => stateFlags(machine, s),
  );
  const transitions = coverageTable(
    `${machine.id} 的转换（${machine.transitions.length}）`,
    machine.transitions.map((id) => {
      const t = byKey.get(id);
      return {
        id,
        extra: [
          t ? e(t.label) : '',
          t ? t.targets.map((x) => `<code>${e(x)}</code>`).join(' ') || '（原状态）' : '',
        ],
      };
    }),
    ['事件 [条件]', '目标'],
    (t) => transitionFlags(machine, t),
  );
  return `<section class="machine" id="m-${e(machine.id)}" data-machine="${e(machine.id)}" aria-labelledby="h-${e(machine.id)}">
<h2 id="h-${e(machine.id)}">${e(machine.id)}</h2>
<p>模型：<code>tests/models/${e(machine.modelFile)}</code>。${e(sourceLine)}${e(browserLine)}</p>
<table class="figures"><caption>${e(machine.id)} 的覆盖数字</caption>${figuresHead}<tbody>${figuresRow(machine, false)}</tbody></table>
<figure class="graph">${typeof drawn === 'string' ? `<p class="error">${e(drawn)}</p>` : `<div class="scroll" tabindex="0" role="group" aria-label="${e(machine.id)} 状态图（可横向滚动）">${drawn.svg}</div>`}
<figcaption>${e(machine.id)} 的状态图：颜色与线型见图例；悬停在状态或箭头上可看覆盖详情。</figcaption></figure>
<h3>只在伪造应答上走到的转换及原因</h3>
${forgedList}
${forcedList.length > 0 ? `<h3>只经检查器强制走到的转换</h3><ul>${forcedList.map((t) => `<li><code>${e(t)}</code></li>`).join('')}</ul>` : ''}
<details><summary>全部状态（${machine.states.length}）及其覆盖</summary>${states}</details>
<details><summary>全部转换（${machine.transitions.length}）及其覆盖</summary>${transitions}</details>
${pathsSection(machine, 'vitest', machine.vitestRecords)}
${pathsSection(machine, 'Chromium', machine.browserRecords)}
</section>`;
}

function legend(): string {
  const order: CoverageClass[] = ['both', 'chromium', 'vitest', 'forged', 'forced', 'none', 'uncounted'];
  return `<section aria-labelledby="legend"><h2 id="legend">图例</h2>
<p>每种覆盖有自己的颜色、线型和填充纹理，色弱也能分辨；表格里同时用文字写明。</p>
<ul class="legend">${order
    .map(
      (cls) =>
        `<li><svg width="120" height="28" aria-hidden="true" class="cov-${cls}"><rect x="2" y="4" width="44" height="20" rx="4" fill="${palette[cls].fill}" stroke="${palette[cls].stroke}" stroke-width="${cls === 'none' || cls === 'both' ? 2.5 : 1}"/><path d="M54,14 L116,14" fill="none" stroke="${palette[cls].stroke}" stroke-width="${cls === 'none' || cls === 'both' ? 2.5 : 1.2}"/></svg> ${e(classNames[cls])}</li>`,
    )
    .join('')}</ul></section>`;
}

const style = `
body{font-family:system-ui,"Noto Sans CJK SC","Microsoft YaHei",sans-serif;margin:0 auto;max-width:1400px;padding:0 16px 48px;color:#1c2024;line-height:1.5}
h1{margin-top:24px}h2{border-bottom:2px solid #d0d3da;padding-bottom:4px;margin-top:40px}
table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #c7cad1;padding:3px 7px;text-align:left;vertical-align:top}
thead th{background:#eef0f3}caption{text-align:left;font-weight:600;padding:4px 0}
td[data-figure]{text-align:right;font-variant-numeric:tabular-nums}
code{font-size:12px;overflow-wrap:anywhere}pre.error{white-space:pre-wrap;background:#fff0ee;border:1px solid #c0392b;padding:8px;font-size:12px}
.scroll{overflow:auto;max-height:80vh;border:1px solid #d0d3da;background:#fcfcfd}
details{margin:4px 0}summary{cursor:pointer}details.path{border-left:4px solid #c7cad1;padding-left:8px}
details.result-failed,details.result-other{border-left-color:#c0392b}details.result-passed{border-left-color:#007a5a}
.badge{font-weight:600;padding:0 4px;border-radius:3px}.badge.passed{color:#00573f}.badge.failed,.badge.other{color:#a02a1e}.badge.skipped{color:#5d6068}
.runner{color:#4a4d55}.where{color:#4a4d55;font-size:13px;margin:2px 0}
.steps td,.steps th{font-size:13px}.steps td:nth-child(4){min-width:200px}.steps td:nth-child(5){min-width:260px}
section.machine,h2,h3{scroll-margin-top:64px}tr.stopped td{background:#fff0ee}
.legend{list-style:none;padding:0}.legend li{display:flex;align-items:center;gap:8px;margin:2px 0}
.swatch{display:inline-block;width:10px;height:10px;margin-right:6px;border:2px solid}
.swatch.cov-both{background:#d5efe6;border-color:#007a5a}.swatch.cov-chromium{background:#d4e5f3;border-color:#0060a0}
.swatch.cov-vitest{background:#e6f3fa;border-color:#2a7fb0;border-style:dashed}.swatch.cov-forged{background:#fbecc8;border-color:#b07800;border-style:dotted}
.swatch.cov-forced{background:#f5e1ec;border-color:#a8457f;border-style:double}.swatch.cov-none{background:#fbe3e0;border-color:#c0392b;border-style:dashed}
.swatch.cov-uncounted{background:#fff;border-color:#8b8d98}
/* Line patterns: the colours' second channel. */
.cov-vitest path,.cov-vitest rect{stroke-dasharray:7 3}
.cov-forged path,.cov-forged rect{stroke-dasharray:2 3}
.cov-forced path,.cov-forced rect{stroke-dasharray:9 3 2 3}
.cov-none path,.cov-none rect{stroke-dasharray:4 2}
marker path{stroke-dasharray:none}
.filters{position:sticky;top:0;background:#fff;padding:8px 0;border-bottom:1px solid #d0d3da;z-index:1;display:flex;gap:16px;flex-wrap:wrap;align-items:center}
input[type=search]{font-size:15px;padding:4px 8px;min-width:240px}
[hidden]{display:none !important}
`;

/** Hidden pattern definitions the drawings' fills refer to (url(#pat-…)). */
const patterns = `<svg width="0" height="0" style="position:absolute" aria-hidden="true" focusable="false"><defs>
<pattern id="pat-vitest" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#e6f3fa"/><line x1="0" y1="0" x2="0" y2="8" stroke="#9cc9e3" stroke-width="3"/></pattern>
<pattern id="pat-forged" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="#fbecc8"/><circle cx="4" cy="4" r="1.6" fill="#d9a43a"/></pattern>
<pattern id="pat-forced" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="#f5e1ec"/><path d="M0,4 L8,4 M4,0 L4,8" stroke="#d49bbb" stroke-width="1.4"/></pattern>
<pattern id="pat-none" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)"><rect width="8" height="8" fill="#fbe3e0"/><line x1="0" y1="0" x2="0" y2="8" stroke="#e5948b" stroke-width="2"/></pattern>
</defs></svg>`;

/** A few lines for the filter: it is a local file, nothing is served by the app. */
const script = `
(function(){
  var input=document.getElementById('filter');var failures=document.getElementById('only-failures');var status=document.getElementById('filter-status');
  function apply(){
    var text=input.value.trim().toLowerCase();var only=failures.checked;var shown=0;
    document.querySelectorAll('[data-machine]').forEach(function(el){
      var id=el.getAttribute('data-machine').toLowerCase();
      var failing=el.tagName==='SECTION'?!!el.querySelector('details.result-failed,details.result-other'):el.classList.contains('has-failures');
      var visible=id.indexOf(text)!==-1&&(!only||failing);
      el.hidden=!visible;if(visible&&el.tagName==='SECTION')shown++;
    });
    status.textContent='显示 '+shown+' 个状态机';
  }
  input.addEventListener('input',apply);failures.addEventListener('change',apply);apply();
})();
`;

export function renderPage(data: ModelCoverageData, sections: string[], generatedAt: Date): string {
  const vitest = data.vitestRecords;
  const browser = data.browserRecords;
  const vitestSource =
    data.vitestSource === 'records'
      ? `vitest：上次运行的路径记录 <code>${e(vitest.file)}</code>（${vitest.records} 条，写于 ${e(vitest.written ?? '')}）`
      : `vitest：<strong>没有运行记录</strong>（<code>${e(vitest.file)}</code> ${vitest.exists ? '为空' : '不存在'}），数字由生成的路径推算，不是运行结果`;
  const browserSource = browser.exists
    ? `Chromium：上次 Playwright 运行（端口 ${e(data.port)}）的路径记录 <code>${e(browser.file)}</code>（${browser.records} 条，写于 ${e(browser.written ?? '')}）`
    : `Chromium：没有运行记录（<code>${e(browser.file)}</code> 不存在）`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>状态机模型覆盖报告</title>
<style>${style}</style>
</head>
<body>
${patterns}
<header>
<h1>状态机模型覆盖报告</h1>
<p>生成于 ${e(generatedAt.toISOString())}。数字与 <code>npm run model:coverage</code> 相同，都读自上次运行的记录：</p>
<ul><li>${vitestSource}</li><li>${browserSource}</li></ul>
<p>只有走完且所在测试通过的路径才计入覆盖。“伪造应答”是在网络层伪造的服务器应答（真实服务器给不出的情形），“检查器强制”是经应用内状态机检查器发送的事件：两者都单独列出，不算作 Chromium 覆盖。</p>
</header>
<div class="filters" role="search"><label>按状态机筛选 <input type="search" id="filter" placeholder="输入状态机名称"></label>
<label><input type="checkbox" id="only-failures"> 只看有失败路径的状态机</label><span id="filter-status" role="status"></span></div>
<main>
<section aria-labelledby="totals"><h2 id="totals">总览</h2>
<table class="figures"><caption>每个状态机的状态、转换与路径</caption>${figuresHead}<tbody>${data.machines
    .map((m) => figuresRow(m, true))
    .join('\n')}</tbody><tfoot>${totalsRow(data.machines)}</tfoot></table>
</section>
${legend()}
${sections.join('\n')}
</main>
<script>${script}</script>
</body>
</html>
`;
}

export type ReportOptions = CoverageOptions & {
  /** Where layouts are kept between reports (fileLayoutCache); none by default. */
  layoutCacheDir?: string;
};

/** Reads the records (as model:coverage does) and writes the page's HTML. */
export async function buildModelReport(options: ReportOptions, generatedAt = new Date()): Promise<string> {
  const data = await collectModelCoverage(options);
  const layoutCache = options.layoutCacheDir ? fileLayoutCache(options.layoutCacheDir) : undefined;
  const sections: string[] = [];
  for (const machine of data.machines) sections.push(await machineSection(machine, layoutCache));
  return renderPage(data, sections, generatedAt);
}
