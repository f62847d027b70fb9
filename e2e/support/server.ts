// Runs the real server (built SPA and API) as a child process on a free port, with mail going to an in-process SMTP receiver.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type ServerProcess = { baseUrl: string; port: number; pid: number; stop(): Promise<void>; output(): string };

export async function startServerProcess(options: {
  dataDir: string;
  smtpUrl?: string;
  env?: Record<string, string>;
  port?: number;
  /** Node flags before the entry file (the benchmarks pass those of the server's start script). */
  nodeFlags?: string[];
}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...(options.nodeFlags ?? []), path.join(repoRoot, 'apps/server/src/main.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DEMO_PASSWORD: 'Registry#2026',
        DATA_DIR: options.dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: baseUrl,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        SMTP_URL: options.smtpUrl ?? '',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('is running at')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then(() => (clearInterval(timer), reject(new Error(`server exited before it was ready:\n${output}`))));
  });
  return {
    baseUrl,
    port,
    pid: child.pid!,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
