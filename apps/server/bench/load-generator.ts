// A closed-loop HTTP load generator in its own process (so its work is not counted against the server it loads):
// `connections` keep-alive connections each send the next request as soon as the last answer has been read, for
// `seconds`; prints one JSON line with the request rate, p50/p99 latency and the non-2xx count.
// Run: node bench/load-generator.ts '{"url":"http://127.0.0.1:3000/x","headers":{},"connections":20,"seconds":5}'
import http from 'node:http';

type LoadPlan = { url: string; headers?: Record<string, string>; connections: number; seconds: number };
export type LoadResult = { requests: number; rps: number; p50: number; p99: number; failures: number };

const plan = JSON.parse(process.argv[2] ?? '{}') as LoadPlan;
const target = new URL(plan.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: plan.connections });
const latencies: number[] = [];
let failures = 0;

function once(): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers: plan.headers },
      (response) => {
        response.resume();
        response.on('end', () => {
          latencies.push(performance.now() - started);
          if ((response.statusCode ?? 0) >= 300) failures++;
          resolve();
        });
      },
    );
    request.on('error', () => (failures++, resolve()));
    request.end();
  });
}

const deadline = performance.now() + plan.seconds * 1000;
const began = performance.now();
await Promise.all(
  Array.from({ length: plan.connections }, async () => {
    while (performance.now() < deadline) await once();
  }),
);
const elapsed = (performance.now() - began) / 1000;
latencies.sort((a, b) => a - b);
const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
const result: LoadResult = {
  requests: latencies.length,
  rps: latencies.length / elapsed,
  p50: at(0.5),
  p99: at(0.99),
  failures,
};
console.log(JSON.stringify(result));
agent.destroy();
