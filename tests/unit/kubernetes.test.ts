// The Kubernetes deployment (deploy/kubernetes), rendered offline as `kubectl kustomize` renders it, and held to
// the service it runs: its settings, port, probes and shutdown, its Redis, its Secret and the nginx limits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { configurationTable, readConfig } from '../../server/config.ts';
import { opsRoutes } from '../../server/endpoints/ops-endpoints.ts';
import { revokedKeysFile } from '../../server/access/revoked-keys.ts';
import type { AppDeps } from '../../server/app-deps.ts';
import { createMetrics } from '../../server/observability/metrics.ts';
import {
  podTemplate,
  readKustomization,
  readObjects,
  renderKustomization,
  type KubeObject,
} from '../support/kustomize.ts';

const DIR = new URL('../../deploy/kubernetes/', import.meta.url).pathname;
const objects = renderKustomization(DIR);

/** The one object of that kind and name. */
function find(kind: string, name: string): KubeObject {
  const found = objects.filter((object) => object.kind === kind && object.metadata.name === name);
  assert.equal(found.length, 1, `one ${kind} ${name}`);
  return found[0]!;
}

const selects = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

/** The workloads whose pods the selector picks. */
const workloadsSelected = (selector: Record<string, string>) =>
  objects.filter((object) => podTemplate(object) && selects(selector, podTemplate(object).metadata.labels));

const deployment = find('Deployment', 'map-service');
const container = podTemplate(deployment).spec.containers[0];
/** every variable server/config.ts reads, from the table it makes of its settings (the README's) */
const variables = configurationTable()
  .split('\n')
  .flatMap((row) => /^\| `([A-Z0-9_]+)` \|/.exec(row)?.[1] ?? []);
const secretExample = readObjects(path.join(DIR, 'secret.example.yaml'))[0]!;

/** The container's environment as the service would see it, each secret from the Secret given. */
function environment(secret: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    container.env.map((entry: { name: string; value?: string; valueFrom?: { secretKeyRef: { key: string } } }) => [
      entry.name,
      entry.value ?? secret[entry.valueFrom!.secretKeyRef.key],
    ]),
  );
}
const secrets = { KEY_SECRETS: randomBytes(48).toString('base64'), METRICS_TOKEN: randomBytes(32).toString('hex') };
const config = readConfig(environment(secrets));

test('every resource the kustomization lists parses, of an API version current Kubernetes serves', () => {
  const served: Record<string, string[]> = {
    v1: ['Namespace', 'Service', 'ConfigMap', 'Secret'],
    'apps/v1': ['Deployment', 'StatefulSet'],
    'autoscaling/v2': ['HorizontalPodAutoscaler'],
    'policy/v1': ['PodDisruptionBudget'],
    'networking.k8s.io/v1': ['Ingress', 'NetworkPolicy'],
  };
  const examples = ['secret.example.yaml', 'ingress.example.yaml'].flatMap((file) => readObjects(path.join(DIR, file)));
  for (const object of [...objects, ...examples]) {
    assert.ok(served[object.apiVersion]?.includes(object.kind), `${object.apiVersion} ${object.kind}`);
    assert.match(object.metadata.name, /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
  }
  const kinds: Record<string, number> = {};
  for (const { kind } of objects) kinds[kind] = (kinds[kind] ?? 0) + 1;
  const expected = { Namespace: 1, Deployment: 2, StatefulSet: 1, Service: 3, ConfigMap: 1, NetworkPolicy: 2 };
  assert.deepEqual(kinds, { ...expected, HorizontalPodAutoscaler: 1, PodDisruptionBudget: 1 });
  for (const object of objects.filter((object) => object.kind !== 'Namespace'))
    assert.equal(object.metadata.namespace, 'map-service', `${object.kind} ${object.metadata.name}`);
});

test('the image is the one `kustomize edit set image map-service=…` sets', () => {
  const raw = readObjects(path.join(DIR, 'map-service.yaml'))[0]!;
  assert.equal(podTemplate(raw).spec.containers[0].image, 'map-service');
  assert.ok(readKustomization(DIR).images?.some((image) => image.name === 'map-service'));
  assert.equal(container.image, 'map-service:latest');
});

test("each workload's selector picks its own pods alone, and each Service's a workload with the port it names", () => {
  for (const object of objects.filter(podTemplate)) {
    const selector = object.spec.selector.matchLabels;
    assert.ok(selects(selector, podTemplate(object).metadata.labels), `${object.metadata.name} selects its pods`);
    assert.deepEqual(workloadsSelected(selector), [object]);
  }
  for (const service of objects.filter((object) => object.kind === 'Service')) {
    const [workload] = workloadsSelected(service.spec.selector);
    assert.ok(workload, `Service ${service.metadata.name} selects pods`);
    const ports = podTemplate(workload).spec.containers.flatMap((c: { ports: unknown[] }) => c.ports);
    for (const { targetPort } of service.spec.ports)
      assert.ok(
        ports.some((port: { name: string }) => port.name === targetPort),
        `${targetPort} is a named port`,
      );
  }
  assert.equal(find('StatefulSet', 'redis-maps').spec.serviceName, 'redis-maps');
});

test('the service listens on the port its Service, probes and ingress reach, and the probes are its own', () => {
  const http = container.ports.find((port: { name: string }) => port.name === 'http');
  assert.equal(http.containerPort, config.port);
  assert.equal(config.port, readConfig({}).port, "the image's default port");
  assert.equal(find('Service', 'map-service').spec.ports[0].targetPort, 'http');
  const probes = [container.startupProbe, container.readinessProbe, container.livenessProbe];
  assert.deepEqual(
    probes.map((probe) => probe.httpGet),
    [
      { path: '/readyz', port: 'http' },
      { path: '/readyz', port: 'http' },
      { path: '/healthz', port: 'http' },
    ],
  );
  const deps = { readiness: () => ({}), metrics: createMetrics(), surface: {} } as unknown as AppDeps;
  const served = opsRoutes(deps).stack.map((layer) => layer.path);
  for (const probe of probes) assert.ok(served.includes(probe.httpGet.path), `${probe.httpGet.path} is served`);
  // Chromium's start is the startup probe's: up to two minutes before liveness counts
  assert.ok(container.startupProbe.periodSeconds * container.startupProbe.failureThreshold >= 60);
});

test("every variable the Deployment sets is one of server/config.ts's settings, and the service accepts them", () => {
  assert.ok(variables.includes('PORT') && variables.includes('KEY_SECRETS'), 'the settings were read');
  for (const { name } of container.env) assert.ok(variables.includes(name), `${name} is a setting of config.ts`);
  assert.equal(config.access, 'keys');
  assert.deepEqual(config.keySecrets, [secrets.KEY_SECRETS]);
  assert.equal(config.metricsToken, secrets.METRICS_TOKEN);
  assert.equal(config.trustProxy, 1);
  assert.deepEqual(config.pages, ['preview', 'docs']);
  // a pod's Node sees the node's cores: the pool and the threads are sized to the CPU the pod requests
  assert.equal(config.poolSize, Number(container.resources.requests.cpu));
  assert.equal(config.svgThreads, Number(container.resources.requests.cpu));
});

test("the Secret's keys are the ones the Deployment reads, and its example's placeholders are refused", () => {
  const refs = container.env.flatMap((entry: { valueFrom?: { secretKeyRef: { name: string; key: string } } }) =>
    entry.valueFrom ? [entry.valueFrom.secretKeyRef] : [],
  );
  assert.deepEqual(
    refs.map((ref: { name: string }) => ref.name).filter((name: string) => name !== 'map-service'),
    [],
  );
  assert.deepEqual(
    refs.map((ref: { key: string }) => ref.key).sort(),
    Object.keys(secretExample.stringData as object).sort(),
  );
  assert.throws(
    () => readConfig(environment(secretExample.stringData as Record<string, string>)),
    /KEY_SECRETS: each secret must be at least 32 characters/,
  );
});

test('REVOKED_KEYS names a file the ConfigMap mounts, which the service reads at start', () => {
  const mount = container.volumeMounts.find((m: { mountPath: string }) => config.revokedKeys?.startsWith(m.mountPath));
  const volume = podTemplate(deployment).spec.volumes.find((v: { name: string }) => v.name === mount?.name);
  const data = find('ConfigMap', volume.configMap.name).data as Record<string, string>;
  const text = data[path.basename(config.revokedKeys!)];
  assert.equal(typeof text, 'string');
  const dir = mkdtempSync(path.join(tmpdir(), 'revoked-'));
  try {
    writeFileSync(path.join(dir, 'revoked-keys.txt'), text!);
    assert.equal(revokedKeysFile(path.join(dir, 'revoked-keys.txt'), console).has('one key id a line'), false);
  } finally {
    rmSync(dir, { recursive: true });
  }
});

test('the service runs as no one in particular: non-root, read-only, no capabilities, /tmp for Chromium', () => {
  for (const workload of objects.filter(podTemplate)) {
    const pod = podTemplate(workload).spec;
    assert.equal(pod.securityContext.runAsNonRoot, true, workload.metadata.name);
    for (const c of pod.containers) {
      assert.equal(c.securityContext.readOnlyRootFilesystem, true, workload.metadata.name);
      assert.equal(c.securityContext.allowPrivilegeEscalation, false);
      assert.deepEqual(c.securityContext.capabilities.drop, ['ALL']);
    }
  }
  const tmp = container.volumeMounts.find((m: { mountPath: string }) => m.mountPath === '/tmp');
  const volume = podTemplate(deployment).spec.volumes.find((v: { name: string }) => v.name === tmp.name);
  assert.ok(volume.emptyDir, '/tmp is an emptyDir');
});

test('a pod is taken out of the endpoints, then drains within its grace period', () => {
  const pod = podTemplate(deployment).spec;
  const [, seconds] = container.lifecycle.preStop.exec.command;
  // preStop, the requests in flight, and the service's own watchdog 10 s later, all before the SIGKILL
  assert.ok(pod.terminationGracePeriodSeconds >= Number(seconds) + config.shutdownTimeoutMs / 1000 + 10);
  assert.equal(deployment.spec.strategy.rollingUpdate.maxUnavailable, 0);
});

test('the autoscaler scales the Deployment on CPU; the budget keeps a replica of the service', () => {
  assert.equal(deployment.spec.replicas, undefined, 'the HPA owns the replica count');
  const hpa = find('HorizontalPodAutoscaler', 'map-service');
  assert.deepEqual(hpa.spec.scaleTargetRef, { apiVersion: 'apps/v1', kind: 'Deployment', name: 'map-service' });
  assert.equal(hpa.spec.metrics[0].resource.name, 'cpu');
  assert.ok(container.resources.requests.cpu, 'utilisation is of the CPU requested');
  assert.ok(hpa.spec.minReplicas >= 2 && hpa.spec.maxReplicas > hpa.spec.minReplicas);
  const pdb = find('PodDisruptionBudget', 'map-service');
  assert.deepEqual(workloadsSelected(pdb.spec.selector.matchLabels), [deployment]);
  assert.ok(pdb.spec.maxUnavailable < hpa.spec.minReplicas);
});

test("REDIS_URL reaches an LRU cache's Service and MAPS_REDIS_URL a persistent, never-evicting Redis", () => {
  const redisBehind = (url: string) => {
    const { hostname, port } = new URL(url);
    const service = find('Service', hostname);
    assert.equal(service.spec.ports[0].port, Number(port));
    const [workload] = workloadsSelected(service.spec.selector);
    return { workload, args: podTemplate(workload).spec.containers[0].args.join(' ') };
  };
  assert.match(redisBehind(config.redisUrl!).args, /--maxmemory-policy allkeys-lru/);
  const maps = redisBehind(config.mapsRedisUrl!);
  assert.match(maps.args, /--maxmemory-policy noeviction --appendonly yes/);
  assert.equal(maps.workload?.kind, 'StatefulSet');
  const data = podTemplate(maps.workload).spec.containers[0].volumeMounts[0];
  assert.equal(data.mountPath, '/data');
  assert.ok(maps.workload?.spec.volumeClaimTemplates.some((claim: KubeObject) => claim.metadata.name === data.name));
});

test("only the service's pods reach Redis, on its port", () => {
  const guarded = objects
    .filter((object) => object.kind === 'NetworkPolicy')
    .map((policy) => {
      const [workload] = workloadsSelected(policy.spec.podSelector.matchLabels);
      const [rule] = policy.spec.ingress;
      assert.deepEqual(policy.spec.policyTypes, ['Ingress']);
      assert.deepEqual(workloadsSelected(rule.from[0].podSelector.matchLabels), [deployment]);
      const ports = podTemplate(workload).spec.containers[0].ports;
      assert.ok(
        ports.some((port: { name: string }) => port.name === rule.ports[0].port),
        'the named port is Redis',
      );
      return workload?.metadata.name;
    });
  assert.deepEqual(guarded.sort(), ['redis-cache', 'redis-maps']);
});

test("the Ingress example reaches the Service and carries deploy/nginx.conf's limits", () => {
  const ingress = readObjects(path.join(DIR, 'ingress.example.yaml'))[0]!;
  const backend = ingress.spec.rules[0].http.paths[0].backend.service;
  assert.equal(backend.name, 'map-service');
  assert.ok(find('Service', backend.name).spec.ports.some((port: { name: string }) => port.name === backend.port.name));
  const nginx = readFileSync(new URL('../../deploy/nginx.conf', import.meta.url), 'utf8');
  const directive = (name: string) => new RegExp(`^\\s*${name} ([^;]+);`, 'm').exec(nginx)?.[1];
  const annotation = (name: string) => ingress.metadata.annotations?.[`nginx.ingress.kubernetes.io/${name}`];
  assert.equal(`${annotation('proxy-connect-timeout')}s`, directive('proxy_connect_timeout'));
  assert.equal(`${annotation('proxy-read-timeout')}s`, directive('proxy_read_timeout'));
  assert.equal(annotation('proxy-body-size'), directive('client_max_body_size'));
  assert.equal(annotation('proxy-next-upstream'), directive('proxy_next_upstream'));
});

/** kubectl, where it is installed (not on every machine; never needed by the test above). */
function kubectl(): string | null {
  try {
    return execFileSync('kubectl', ['kustomize', DIR], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
}
const rendered = kubectl();
test('kubectl kustomize renders the same objects', { skip: rendered === null && 'kubectl is not installed' }, () => {
  const byName = (list: KubeObject[]) =>
    [...list].sort((a, b) => `${a.kind}/${a.metadata.name}`.localeCompare(`${b.kind}/${b.metadata.name}`));
  const theirs = parseAllDocuments(rendered!).map((document) => document.toJS() as KubeObject);
  assert.deepEqual(byName(theirs), byName(objects));
});
