import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobGateway, JobName, OutboxRelay, QueueName, type SendMailPayload } from '@veredicto/jobs';
import { startTestApi, type TestApi } from '../support/api-app.js';
import { readOutbox } from '../support/eml.js';
import { startProcess, waitFor, type RunningProcess } from '../support/processes.js';
import { ONE_BACKEND } from '../support/test-env.js';

const backend = ONE_BACKEND;

/** libs/mail from a worker process: a send-mail job written to the outbox renders a template and sends it. */
describe('send-mail through the outbox and a worker process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'veredicto-mail-'));
  const outbox = join(dataDir, 'outbox');
  let api: TestApi;
  let workers: RunningProcess;

  beforeAll(async () => {
    api = await startTestApi(backend, { DATA_DIR: dataDir });
    workers = await startProcess('workers', { ...api.env, WORKER_QUEUES: 'events' });
  }, 90_000);

  afterAll(async () => {
    await workers?.stop();
    await api?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  const record = (payloads: SendMailPayload[]) =>
    api.app
      .get(MikroORM)
      .em.fork()
      .transactional((tx) => api.app.get(OutboxRelay).record(tx, JobName.SendMail, payloads));

  /**
   * Every outbox message relayed and every job of the events queue finished, but the catalogue's own: the
   * walk of its orderings that a worker starts with (it can run longer than this test) and the schedules'
   * next runs, which wait as delayed jobs.
   */
  const settled = () =>
    waitFor(
      async () => {
        const { pending } = await api.app.get(OutboxRelay).backlog();
        const jobs = await api.app
          .get(JobGateway)
          .queue(QueueName.Events)
          .getJobs(['waiting', 'active', 'delayed', 'prioritized']);
        const catalogue: string[] = [JobName.RefreshCatalogueOrderings, JobName.WalkCatalogueOrdering];
        const others = jobs.filter(
          (job) => job && !catalogue.includes(job.name) && !String(job.id).startsWith('repeat:'),
        );
        return pending === 0 && others.length === 0;
      },
      { what: 'the outbox and the events queue to drain', timeoutMs: 30_000 },
    );

  it('renders the template in Spanish, with HTML and text parts, once per template and key', async () => {
    const key = `change-${Date.now()}`;
    // An address of this run's own: the database is shared, and an earlier file may have left mails of its
    // own in the outbox, which the worker relays too.
    const to = `ana.${Date.now()}@example.com`;
    const ours = async () => (await readOutbox(outbox)).filter((one) => one.headers.to === to);
    const mail: SendMailPayload = {
      template: 'email-changed',
      key,
      to,
      data: { username: 'ana', newEmail: 'ana.nueva@example.org' },
    };
    await record([mail]);
    const [sent] = await waitFor(
      async () => {
        const mails = await ours();
        return mails.length > 0 ? mails : undefined;
      },
      { what: 'the worker to write the e-mail', timeoutMs: 30_000 },
    );

    expect(sent.headers.subject).toBe('Tu correo de Veredicto ha cambiado');
    expect(sent.headers.to).toBe(to);
    expect(sent.headers['content-type']).toMatch(/^multipart\/alternative/);
    const text = sent.parts.find((part) => part.headers['content-type'].startsWith('text/plain'));
    const html = sent.parts.find((part) => part.headers['content-type'].startsWith('text/html'));
    expect(text?.body).toBe(
      'Hola, ana:\n\nTu cuenta de Veredicto usa desde ahora la dirección ana.nueva@example.org; esta ya no ' +
        'recibirá nuestros mensajes.\n\nSi no has sido tú, restablece tu contraseña y escríbenos a ' +
        'contacto@veredicto.es.\n',
    );
    expect(html?.body).toContain('<html lang="es">');
    expect(html?.body).toContain('<strong>ana.nueva@example.org</strong>');
    expect(html?.body).toContain('ya no recibirá nuestros mensajes');

    // The same template and key again, through the outbox and straight through the gateway: no second
    // mail. Another key is another mail.
    await record([mail]);
    await api.app.get(JobGateway).enqueue(JobName.SendMail, mail);
    await record([{ ...mail, key: `${key}-otra` }]);
    await settled();
    const mails = await ours();
    expect(mails).toHaveLength(2);
    expect(mails.map((one) => one.headers.subject)).toEqual([
      'Tu correo de Veredicto ha cambiado',
      'Tu correo de Veredicto ha cambiado',
    ]);
    expect(new Set(mails.map((one) => one.headers['message-id'])).size).toBe(2);
  });
});
