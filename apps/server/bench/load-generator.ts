// A closed-loop HTTP load generator in its own process (so its work is not counted against the server it loads):
// `connections` keep-alive connections each send the next request as soon as the last answer has been read, for
// `seconds`; prints one JSON line with the request rate, p50/p99 latency and the non-2xx count. Writes give `items`
// (a path and JSON body each, sent once apiece, in order, with `method`): the run ends when they or the time run out.
// Run: node bench/load-generator.ts '{"url":"http://127.0.0.1:3000/x","headers":{},"connections":20,"seconds":5}'
import fs from 'node:fs';
import http from 'node:http';

export type LoadItem = { path: string; body?: string };
type LoadPlan = {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
  method?: string;
  items?: LoadItem[];
};
export type LoadResult = { requests: number; rps: number; p50: number; p99: number; failures: number };

// The plan as the argument, or on standard input when there is none (writes' item lists outgrow a command line).
const plan = JSON.parse(process.argv[2] ?? fs.readFileSync(0, 'utf8')) as LoadPlan;
const target = new URL(plan.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: plan.connections });
const latencies: number[] = [];
let failures = 0;

let nextItem = 0;
const sample: string[] = [];

function once(item: LoadItem | undefined): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now();
    const headers = item?.body ? { ...plan.headers, 'content-type': 'application/json' } : plan.headers;
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: item?.path ?? target.pathname + target.search,
        method: plan.method ?? 'GET',
        agent,
        headers,
      },
      (response) => {
        const failed = (response.statusCode ?? 0) >= 300;
        if (failed && sample.length < 3) response.on('data', (chunk: Buffer) => sample.push(chunk.toString()));
        else response.resume();
        response.on('end', () => {
          latencies.push(performance.now() - started);
          if (failed) failures++;
          resolve();
        });
      },
    );
    request.on('error', () => (failures++, resolve()));
    request.end(item?.body);
  });
}

const deadline = performance.now() + plan.seconds * 1000;
const began = performance.now();
await Promise.all(
  Array.from({ length: plan.connections }, async () => {
    while (performance.now() < deadline) {
      if (!plan.items) await once(undefined);
      else if (nextItem < plan.items.length) await once(plan.items[nextItem++]);
      else break;
    }
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
if (sample.length) console.error(`not 2xx: ${sample.join(' | ').slice(0, 600)}`);
console.log(JSON.stringify(result));
agent.destroy();
