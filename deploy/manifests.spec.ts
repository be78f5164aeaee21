import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { loadConfig, PROCESS_SETTINGS } from '@veredicto/config/config.js';
import { ALL_QUEUES } from '@veredicto/jobs/job-names.js';
import { WORKER_SHUTDOWN_RESERVE_MS } from '@veredicto/jobs/job-options.js';

const here = dirname(fileURLToPath(import.meta.url));

type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; annotations?: Record<string, string> };
} & Record<
  string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  any
>;

/** The JSON-schema models of every kind we deploy; a kind missing here fails the test. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
};

/** What `kustomize build` would read: the base's resources, each a YAML stream. */
function loadBase(): Manifest[] {
  const base = join(here, 'base');
  const kustomization = parseAllDocuments(
    readFileSync(join(base, 'kustomization.yaml'), 'utf8'),
  )[0].toJS() as {
    resources: string[];
  };
  return kustomization.resources.flatMap((file) =>
    parseAllDocuments(readFileSync(join(base, file), 'utf8')).map((document) => {
      if (document.errors.length) throw new Error(`${file}: ${document.errors.join('; ')}`);
      return document.toJS() as Manifest;
    }),
  );
}

describe('Kubernetes manifests (deploy/)', () => {
  const manifests = loadBase();
  const ofKind = (kind: string) => manifests.filter((manifest) => manifest.kind === kind);

  it.each(manifests.map((manifest) => [`${manifest.kind} ${manifest.metadata.name}`, manifest]))(
    '%s is valid against the Kubernetes JSON schema',
    (_name, manifest) => {
      const Model = MODELS[`${manifest.apiVersion}/${manifest.kind}`];
      expect(Model).toBeDefined();
      expect(() => new Model(manifest as never).validate()).not.toThrow();
    },
  );

  it('the schema check does catch a mistake', () => {
    const [api] = ofKind('Deployment');
    const broken = structuredClone(api);
    broken.spec.replicas = 'dos';
    expect(() => new Deployment(broken as never).validate()).toThrow();
    const [scaled] = ofKind('ScaledObject');
    const noTarget = structuredClone(scaled);
    delete noTarget.spec.scaleTargetRef;
    expect(() => new ScaledObject(noTarget as never).validate()).toThrow();
  });

  it('the ConfigMap and Secret together are a configuration every process accepts', () => {
    const [config] = ofKind('ConfigMap');
    const [secret] = ofKind('Secret');
    for (const processName of Object.keys(PROCESS_SETTINGS) as (keyof typeof PROCESS_SETTINGS)[]) {
      expect(() => loadConfig({ ...config.data, ...secret.stringData }, processName)).not.toThrow();
    }
  });

  it('every Deployment has readiness and liveness probes and reads the ConfigMap and the Secret', () => {
    for (const deployment of ofKind('Deployment')) {
      for (const container of deployment.spec.template.spec.containers) {
        expect(container.readinessProbe).toBeDefined();
        expect(container.livenessProbe).toBeDefined();
        expect(container.envFrom).toEqual([
          { configMapRef: { name: 'veredicto-config' } },
          { secretRef: { name: 'veredicto-secrets' } },
        ]);
      }
    }
  });

  it('the API scales on CPU, keeps a pod through disruptions, and exposes only the public port', () => {
    const [hpa] = ofKind('HorizontalPodAutoscaler');
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'veredicto-api' });
    expect(hpa.spec.metrics[0].resource.name).toBe('cpu');
    const [service] = ofKind('Service');
    expect(service.spec.ports.map((port: { targetPort: string }) => port.targetPort)).toEqual(['http']);
    const budgets = ofKind('PodDisruptionBudget').map(
      (budget) => budget.spec.selector.matchLabels['app.kubernetes.io/name'],
    );
    expect(budgets.sort()).toEqual(
      ofKind('Deployment')
        .map((deployment) => deployment.metadata.name)
        .sort(),
    );
  });

  it('one worker Deployment per queue family, each scaled by KEDA on waiting + delayed + prioritized jobs', () => {
    for (const queue of ALL_QUEUES) {
      const name = `veredicto-workers-${queue}`;
      const deployment = ofKind('Deployment').find((candidate) => candidate.metadata.name === name);
      expect(deployment).toBeDefined();
      expect(deployment!.spec.template.spec.containers[0].env).toContainEqual({
        name: 'WORKER_QUEUES',
        value: queue,
      });
      const scaled = ofKind('ScaledObject').find((candidate) => candidate.spec.scaleTargetRef.name === name);
      expect(scaled).toBeDefined();
      const trigger = scaled!.spec.triggers[0];
      expect(trigger.type).toBe('prometheus');
      expect(trigger.metadata.query).toContain(
        `bullmq_job_count{queue="${queue}", state=~"waiting|delayed|prioritized"}`,
      );
    }
  });

  it("every worker's grace period outlasts its longest job", () => {
    for (const deployment of ofKind('Deployment').filter((candidate) =>
      candidate.metadata.name.includes('workers'),
    )) {
      const longest = Number(deployment.metadata.annotations?.['veredicto.es/longest-job-seconds']);
      expect(longest).toBeGreaterThan(0);
      expect(deployment.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(longest);
      // The worker's whole stop stays within WORKER_SHUTDOWN_GRACE_MS, of which running jobs get all but
      // the reserve: that covers the longest job, and Kubernetes' period covers the whole shutdown.
      const grace = Number(
        deployment.spec.template.spec.containers[0].env.find(
          (variable: { name: string }) => variable.name === 'WORKER_SHUTDOWN_GRACE_MS',
        )?.value,
      );
      expect(grace - WORKER_SHUTDOWN_RESERVE_MS).toBeGreaterThanOrEqual(longest * 1000);
      expect(deployment.spec.template.spec.terminationGracePeriodSeconds * 1000).toBeGreaterThan(grace);
    }
  });

  it('a migration Job runs the migrations command', () => {
    const [job] = ofKind('Job');
    expect(job.spec.template.spec.containers[0].command).toEqual([
      'node',
      'dist/libs/db/src/cli/migrations.js',
      'up',
    ]);
  });
});
