/**
 * The PGlite data folder is opened by one process at a time: the server writes DATA_DIR/server.pid
 * while it runs on PGlite, and npm run backup / restore refuse while that process is alive.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function refuseWhileServerRuns(dataDir: string, action: '备份' | '恢复'): void {
  const pidFile = join(dataDir, 'server.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid))
    throw new Error(
      `服务器（进程 ${pid}）正在使用 ${dataDir} 中的数据库：请先停止服务器再${action}（内置数据库 PGlite 同一时间只能由一个进程打开）`,
    );
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
