import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
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

/** A real SMTP server on a local port, keeping every message it accepts with its envelope recipients. */
async function startSmtpServer() {
  const received: { to: string[]; raw: Buffer }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * On SMTP (docs/CONTRACT.md §18): each keyed mail recorded in PostgreSQL before it is handed to the server,
 * so a retried job sends nothing; signed with DKIM from the configuration, checked by mailauth.
 */
describe(`send-mail on a real SMTP server (${backend} queues)`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'veredicto-smtp-'));
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKeyDer = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let api: TestApi;
  let workers: RunningProcess;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    api = await startTestApi(backend, {
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Veredicto <no-reply@veredicto.test>',
      MAIL_DKIM_DOMAIN: 'veredicto.test',
      MAIL_DKIM_SELECTOR: 'prueba',
      // On one line with \n, as .env.example asks.
      MAIL_DKIM_PRIVATE_KEY: privateKey
        .export({ type: 'pkcs8', format: 'pem' })
        .toString()
        .replace(/\n/g, '\\n'),
    });
    workers = await startProcess('workers', { ...api.env, WORKER_QUEUES: 'events' });
  }, 90_000);

  afterAll(async () => {
    await workers?.stop();
    await api?.close();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('sends a retried job once, DKIM-signed', async () => {
    const to = `bea.${Date.now()}@example.com`;
    const mail: SendMailPayload = {
      template: 'email-changed',
      key: `smtp-change-${Date.now()}`,
      to,
      data: { username: 'bea', newEmail: 'bea.nueva@example.org' },
    };
    const ours = () => smtp.received.filter((message) => message.to.includes(to));
    const gateway = api.app.get(JobGateway);
    const { jobId } = await gateway.enqueue(JobName.SendMail, mail);
    await waitFor(async () => (ours().length > 0 ? true : undefined), {
      what: 'the SMTP server to receive the mail',
      timeoutMs: 30_000,
    });
    const queue = gateway.queue(QueueName.Events);
    await waitFor(async () => ((await queue.getJobState(jobId)) === 'completed' ? true : undefined), {
      what: 'the send-mail job to complete',
      timeoutMs: 30_000,
    });

    // The same job run again (BullMQ's retry of a finished job), and the same mail queued again.
    const firstRun = (await queue.getJob(jobId))!;
    const firstFinished = firstRun.finishedOn ?? 0;
    expect((firstRun.returnvalue as { skipped?: boolean }).skipped).toBeUndefined();
    await firstRun.retry('completed');
    const retried = await waitFor(
      async () => {
        const job = await queue.getJob(jobId);
        return job && (job.finishedOn ?? 0) > firstFinished && (await job.getState()) === 'completed'
          ? job
          : undefined;
      },
      { what: 'the retried job to complete', timeoutMs: 30_000 },
    );
    expect((retried.returnvalue as { skipped?: boolean }).skipped).toBe(true);
    await gateway.enqueue(JobName.SendMail, mail);
    await gateway.enqueue(JobName.SendMail, { ...mail, key: `${mail.key}-otra` });
    await waitFor(async () => (ours().length >= 2 ? true : undefined), {
      what: 'the mail of the other key',
      timeoutMs: 30_000,
    });
    await waitFor(
      async () =>
        (await queue.getJobs(['waiting', 'active', 'delayed'])).some((job) => job?.data?.to === to)
          ? undefined
          : true,
      { what: 'the send-mail jobs to finish', timeoutMs: 30_000 },
    );
    expect(ours()).toHaveLength(2);

    const [first] = ours();
    const verified = await dkimVerify(first.raw, {
      resolver: async (name: string, type: string) => {
        if (type === 'TXT' && name === 'prueba._domainkey.veredicto.test')
          return [[`v=DKIM1; k=rsa; p=${publicKeyDer}`]];
        throw Object.assign(new Error(`no record ${name}`), { code: 'ENOTFOUND' });
      },
    });
    expect(verified.results).toHaveLength(1);
    expect(verified.results[0]).toMatchObject({
      signingDomain: 'veredicto.test',
      status: { result: 'pass' },
    });
  }, 90_000);
});
