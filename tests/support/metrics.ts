// Reading the service's /metrics text (Prometheus' exposition format) in tests.

/** The samples of metric `name`: each one's labels as written (`{reason="memory"}`, or empty) and its value. */
export function samples(text: string, name: string): Array<{ labels: string; value: number }> {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const at = line.lastIndexOf(' ');
      return { labels: line.slice(name.length, at), value: Number(line.slice(at + 1)) };
    });
}
