// What `kubectl kustomize` makes of a kustomization, for machines without kubectl: its resources parsed, then the
// kustomization's own fields applied as kustomize applies them. Only the fields deploy/kubernetes uses are known;
// any other stops the render, so that the test never checks less than the manifests say. Where kubectl is
// installed, tests/unit/kubernetes.test.ts holds this render equal to its.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/** A Kubernetes object, as far as the tests read it. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- manifests are checked field by field
  spec?: any;
  [field: string]: unknown;
}

export interface Kustomization {
  namespace?: string;
  labels?: { pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean }[];
  resources: string[];
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
}

const KNOWN_FIELDS = new Set(['apiVersion', 'kind', 'namespace', 'labels', 'resources', 'images']);
/** kinds that belong to no namespace, of those a deployment of ours might hold */
const CLUSTER_KINDS = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'PersistentVolume', 'StorageClass']);
const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Job']);

/** Every object of a file of YAML documents; a document that does not parse fails the render, naming the file. */
export function readObjects(file: string): KubeObject[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((document, index) => {
    if (document.errors.length) throw new Error(`${file}, document ${index + 1}: ${document.errors[0]?.message}`);
    return document.toJS() as KubeObject;
  });
}

export function readKustomization(dir: string): Kustomization {
  const kustomization = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
  const unknown = Object.keys(kustomization).filter((field) => !KNOWN_FIELDS.has(field));
  if (unknown.length) throw new Error(`the offline render does not apply ${unknown.join(', ')}: teach it first`);
  if (kustomization.labels?.some((entry) => entry.includeSelectors))
    throw new Error('the offline render does not change selectors (includeSelectors): teach it first');
  return kustomization;
}

/** The pod template of a workload, if the object is one. */
export function podTemplate(object: KubeObject): KubeObject['spec'] {
  return WORKLOADS.has(object.kind) ? object.spec.template : null;
}

function withImage(image: string, images: Kustomization['images'] = []): string {
  // a name is what comes before the tag or digest; a registry's port has a colon before a slash
  const name = image.replace(/@.*$/, '').replace(/:[^:/]*$/, '');
  const rule = images.find((candidate) => candidate.name === name);
  if (!rule) return image;
  const tag = rule.digest ? `@${rule.digest}` : rule.newTag ? `:${rule.newTag}` : image.slice(name.length);
  return (rule.newName ?? name) + tag;
}

/** The objects `kubectl kustomize dir` prints, each as kustomize leaves it (in the order of the files). */
export function renderKustomization(dir: string): KubeObject[] {
  const kustomization = readKustomization(dir);
  const objects = kustomization.resources.flatMap((file) => readObjects(path.join(dir, file)));
  for (const object of objects) {
    if (kustomization.namespace && !CLUSTER_KINDS.has(object.kind)) object.metadata.namespace = kustomization.namespace;
    for (const { pairs, includeTemplates } of kustomization.labels ?? []) {
      object.metadata.labels = { ...object.metadata.labels, ...pairs };
      if (!includeTemplates) continue;
      const template = podTemplate(object);
      if (template) template.metadata.labels = { ...template.metadata.labels, ...pairs };
      for (const claim of object.kind === 'StatefulSet' ? (object.spec.volumeClaimTemplates ?? []) : [])
        claim.metadata.labels = { ...claim.metadata.labels, ...pairs };
    }
    const pod = podTemplate(object)?.spec;
    for (const container of [...(pod?.containers ?? []), ...(pod?.initContainers ?? [])])
      container.image = withImage(container.image, kustomization.images);
  }
  return objects;
}
