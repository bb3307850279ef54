import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSmtp } from '../../test-support/fake-smtp';
import type { ForwardableMessage } from './forwarder';
import { createSmtpForwarder } from './smtp-forwarder';

const message: ForwardableMessage = {
  id: 42,
  name: 'Asha Raman',
  email: 'asha@example.in',
  message: 'Is the Adyar station open at night?',
  receivedAt: '2026-03-01T08:00:00.000Z',
};

describe('SMTP forwarder against a loopback SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  beforeAll(async () => {
    smtp = await startFakeSmtp(8145);
  });
  afterAll(async () => smtp.close());

  it('delivers the message to MAIL_TO with the sender as Reply-To', async () => {
    const f = createSmtpForwarder({ url: smtp.url, to: 'team@cng.example', from: 'site@cng.example' });
    const result = await f.send(message);
    f.close?.();
    expect(result).toMatchObject({ outcome: 'sent', status: 250 });
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0] ?? '';
    expect(mail).toMatch(/^To: team@cng\.example$/m);
    expect(mail).toMatch(/^Reply-To: Asha Raman <asha@example\.in>$/m);
    expect(mail).toMatch(/^Subject: Contact message #42 from Asha Raman$/m);
    expect(mail).toContain('Is the Adyar station open at night?');
  });

  it('gives every attempt of one message the same Message-ID, so the mailbox can drop a duplicate', async () => {
    const f = createSmtpForwarder({ url: smtp.url, to: 'team@cng.example', from: 'Site <site@cng.example>' });
    const before = smtp.mails.length;
    await f.send(message);
    await f.send(message);
    await f.send({ ...message, id: 43 });
    f.close?.();
    const ids = smtp.mails.slice(before).map((m) => /^Message-ID: (.*)$/im.exec(m)?.[1]);
    const expected = `<cng-contact-42-${Date.parse(message.receivedAt).toString(36)}@cng.example>`;
    expect(ids).toEqual([expected, expected, expect.stringMatching(/^<cng-contact-43-/)]);
  });

  it('treats a permanent SMTP refusal (5xx) as rejected and a temporary one (4xx) as transient', async () => {
    const f = createSmtpForwarder({ url: smtp.url, to: 'team@cng.example' });
    smtp.rejectNextRcpt('550 5.1.1 No such user');
    expect(await f.send(message)).toMatchObject({ outcome: 'rejected', status: 550 });
    smtp.rejectNextRcpt('451 4.3.0 Try again later');
    expect(await f.send(message)).toMatchObject({ outcome: 'transient', status: 451 });
    f.close?.();
  });

  it('reports "Network Error" (status 0) when no SMTP server answers', async () => {
    const f = createSmtpForwarder({ url: 'smtp://127.0.0.1:8149', to: 'team@cng.example' });
    expect(await f.send(message)).toEqual({ outcome: 'transient', status: 0, detail: 'Network Error' });
    f.close?.();
  });
});
