// The `key` label of the metrics per key (metrics.ts), bounded: every label value is a time series Prometheus keeps,
// so a label per key would grow without bound with the keys an operator mints (or a label per address, with the
// internet). The first KEY_LABELS keys a replica counts are named by their id, every later one is `other`, and
// requests without a key are `anonymous`: at most KEY_LABELS + 2 series a metric. First come rather than the top N by
// count, so that a key never moves between its own series and `other`, which would break the counters' totals; a
// replica's restart chooses again. The ids are the keys' public ids, never the keys.
import { isKeySubject } from '../access/quotas.ts';

const KEY_LABELS = 50;

/** `subject` (http/client-id.ts: `key:<id>` or an address) → its label. */
export function keyLabels(max = KEY_LABELS): (subject: string) => string {
  const named = new Set<string>();
  return (subject) => {
    if (!isKeySubject(subject)) return 'anonymous';
    const id = subject.slice('key:'.length);
    if (named.has(id)) return id;
    if (named.size >= max) return 'other';
    named.add(id);
    return id;
  };
}
