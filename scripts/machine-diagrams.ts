/**
 * Diagrams of every machine in machines/, generated from the machines themselves (Mermaid state
 * diagrams in docs/machines/<id>.md). Invokes appear as their done/error events and delays as
 * their timer events, the same way the test models see them.
 *   tsx scripts/machine-diagrams.ts generate | check
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine, StateNode } from 'xstate';
import { deriveTestMachine } from '../tests/support/machine-model';

const root = join(import.meta.dirname, '..');
const outDir = join(root, 'docs', 'machines');

function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'provide' in value
  );
}

function label(node: StateNode): string {
  return node.id.replaceAll('.', '__');
}

function eventLabel(type: string): string {
  return type
    .replace(/^xstate\.done\.actor\.(.+)$/, '$1 完成')
    .replace(/^xstate\.error\.actor\.(.+)$/, '$1 失败')
    .replace(/^xstate\.after\.(\d+)\..*$/, '$1 ms 后');
}

function render(node: StateNode, indent: string, lines: string[]): void {
  const children: StateNode[] = Object.values(node.states);
  if (children.length > 0) {
    const initial = node.config.initial;
    const first = typeof initial === 'string' ? node.states[initial] : undefined;
    if (first) lines.push(`${indent}[*] --> ${label(first)}`);
    for (const child of children) {
      if (Object.keys(child.states).length > 0) {
        lines.push(`${indent}state "${child.key}" as ${label(child)} {`);
        render(child, `${indent}  `, lines);
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}state "${child.key}" as ${label(child)}`);
      }
    }
  }
}

function transitions(node: StateNode, lines: string[]): void {
  for (const [eventType, list] of node.transitions) {
    for (const transition of list) {
      const targets = (transition.target ?? []) as StateNode[];
      const guard = transition.guard ? ' [条件]' : '';
      for (const target of targets.length > 0 ? targets : [node]) {
        if (node.parent === undefined && targets.length === 0) continue;
        lines.push(
          `  ${node.parent ? label(node) : '[*]'} --> ${label(target)} : ${eventLabel(eventType)}${guard}`,
        );
      }
    }
  }
  for (const child of Object.values(node.states)) transitions(child, lines);
}

function diagram(machine: AnyStateMachine): string {
  const derived = deriveTestMachine(machine);
  const lines = ['stateDiagram-v2'];
  render(derived.root as StateNode, '  ', lines);
  transitions(derived.root as StateNode, lines);
  return `# 状态机：${machine.id}\n\n由 \`npm run machines:diagrams\` 从 machines/ 生成，请勿手改。\n\n\`\`\`mermaid\n${lines.join('\n')}\n\`\`\`\n`;
}

async function generated(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const file of readdirSync(join(root, 'machines'))
    .filter((f) => f.endsWith('.machine.ts'))
    .sort()) {
    const module = (await import(join(root, 'machines', file))) as Record<string, unknown>;
    for (const machine of Object.values(module).filter(isMachine))
      files.set(`${machine.id}.md`, diagram(machine));
  }
  return files;
}

const files = await generated();
if (process.argv[2] === 'check') {
  const stale = [...files].filter(([name, text]) => {
    const path = join(outDir, name);
    return !existsSync(path) || readFileSync(path, 'utf8') !== text;
  });
  if (stale.length > 0) {
    console.error(
      `stale machine diagrams: ${stale.map(([n]) => n).join(', ')}; run npm run machines:diagrams`,
    );
    process.exit(1);
  }
  console.log(`machine diagrams: ${files.size} up to date`);
} else {
  mkdirSync(outDir, { recursive: true });
  for (const [name, text] of files) writeFileSync(join(outDir, name), text);
  console.log(`machine diagrams: ${files.size} written to docs/machines/`);
}
