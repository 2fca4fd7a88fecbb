// Worker thread for the HiGHS baseline: its solve() is synchronous and single-threaded, so it runs
// here, off the main thread, and reports the time spent inside solve() alone.
import { parentPort } from 'node:worker_threads';
import loader from 'highs';

export type HighsRequest = { lp: string; timeLimitSeconds: number };
export type HighsReply = { status: string; objective: number; columns: Record<string, number>; seconds: number };

const highs = await loader();

parentPort!.on('message', (request: HighsRequest) => {
  const started = performance.now();
  const solution = highs.solve(request.lp, { output_flag: false, mip_rel_gap: 0, time_limit: request.timeLimitSeconds });
  const seconds = (performance.now() - started) / 1000;
  const columns: Record<string, number> = {};
  if (solution.Status === 'Optimal') {
    for (const [name, column] of Object.entries(solution.Columns)) {
      if (name.startsWith('y') && 'Primal' in column) columns[name] = column.Primal;
    }
  }
  const reply: HighsReply = { status: solution.Status, objective: solution.ObjectiveValue, columns, seconds };
  parentPort!.postMessage(reply);
});
