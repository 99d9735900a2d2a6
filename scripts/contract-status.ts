/**
 * How much of the contract the reference server implements.
 *   npm run contract:status            a summary per tag
 *   npm run contract:status -- --json  {"implemented": [...], "missing": [...]}
 */
import { listOperations, loadContract } from '../server/contract/spec';
import { handlers } from '../server/handlers';

const document = loadContract();
const operations = listOperations(document);
const implemented = operations.filter((op) => op.operationId in handlers).map((op) => op.operationId);
const missing = operations.filter((op) => !(op.operationId in handlers)).map((op) => op.operationId);

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ implemented, missing }));
} else {
  const byTag = new Map<string, { done: number; total: number }>();
  for (const op of operations) {
    const item = document.paths[op.path]?.[op.method.toLowerCase()] as { tags?: string[] } | undefined;
    const tag = item?.tags?.[0] ?? 'untagged';
    const entry = byTag.get(tag) ?? { done: 0, total: 0 };
    entry.total += 1;
    if (op.operationId in handlers) entry.done += 1;
    byTag.set(tag, entry);
  }
  console.log('tag                  implemented / total');
  for (const [tag, { done, total }] of [...byTag].sort()) {
    console.log(`${tag.padEnd(20)} ${String(done).padStart(5)} / ${total}`);
  }
  console.log(`\n${implemented.length} of ${operations.length} operations implemented`);
}
