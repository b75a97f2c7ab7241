// The cost estimates (server/cost/estimate.ts) beside the renders they estimate: maps no renderer of a fresh
// service has drawn, each asked once, alone. MAX_RENDER_COST refuses by the estimate, so an estimate far below
// what a map takes would let costlier maps through than the ceiling says.
import { COST_PROBES, estimatedMs, warmUp } from '../support/cost-probes.ts';
import { get, ms, row, SERVICE, sleep, start } from './measure.ts';

export async function costEstimates(): Promise<void> {
  const service = await start(SERVICE, { LOG_LEVEL: 'warn' });
  try {
    // it answers before its renderers are ready, and a map asked for meanwhile waits for them
    while ((await fetch(`${service.url}/readyz`)).status !== 200) await sleep(100);
    await warmUp(service.url);
    const ratios: number[] = [];
    for (const path of COST_PROBES) {
      const { ms: took } = await get(service.url + path);
      const estimated = estimatedMs(path);
      ratios.push(took / estimated);
      row(
        `cost estimate and render, drawn first: ${path.length > 70 ? `${path.slice(0, 67)}…` : path}`,
        `${ms(estimated)} estimated, ${ms(took)} taken`,
      );
    }
    const [low, high] = [Math.min(...ratios), Math.max(...ratios)];
    row('render time ÷ estimate, over those maps', `${low.toFixed(2)} to ${high.toFixed(2)}`, '≤ 3 each', high <= 3);
  } finally {
    service.child.kill('SIGTERM');
  }
}
