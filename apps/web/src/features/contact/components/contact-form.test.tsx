import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale, loadMessages } from '../../../i18n/i18n';
import { contactNotSent, contactSent } from '../contact-messages';
import { ContactForm } from './contact-form';

function setup() {
  render(
    <>
      <ToastContainer />
      <ContactForm />
    </>,
  );
  const name = screen.getByLabelText('Your name') as HTMLInputElement;
  const email = screen.getByLabelText('Your e-mail address') as HTMLInputElement;
  const message = screen.getByLabelText('Your message') as HTMLTextAreaElement;
  const fill = (n: string, e: string, m: string) => {
    fireEvent.change(name, { target: { value: n } });
    fireEvent.change(email, { target: { value: e } });
    fireEvent.change(message, { target: { value: m } });
  };
  const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
  return { name, email, message, fill, send };
}

/** A fetch that answers once `release` is called, so the test can look at the spinner in between. */
function pendingFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const fetchMock = vi.fn(async () => {
    await gate;
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, release };
}

beforeAll(async () => {
  await loadMessages(['contact'], 'en');
  activateLocale('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  activateLocale('en');
});

describe('ContactForm', () => {
  it('shows each problem next to its field, marks it invalid and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const f = setup();
    f.fill('   ', 'asha@localhost', 'x'.repeat(5001));
    f.send();
    expect(f.name).toHaveProperty('ariaInvalid', 'true');
    expect(document.getElementById(f.name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please enter your name.',
    );
    expect(document.getElementById(f.email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please enter a valid e-mail address, like name@example.com.',
    );
    expect(document.getElementById(f.message.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /at most 5000 characters/,
    );
    expect(document.activeElement).toBe(f.name);
    expect(fetchMock).not.toHaveBeenCalled();
    // Fixing a field clears its message as you type.
    fireEvent.change(f.name, { target: { value: 'Asha' } });
    expect(f.name.getAttribute('aria-invalid')).toBeNull();
    expect(f.name.getAttribute('aria-describedby')).toBeNull();
  });

  it('replaces the form with a spinner while sending, then shows the exact success toast and clears the fields', async () => {
    const { fetchMock, release } = pendingFetch(201, { id: 7 });
    const f = setup();
    f.fill(' Asha ', 'asha@example.in', 'Is Adyar open at night?');
    f.send();
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Sending your message…');
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'Asha',
      email: 'asha@example.in',
      message: 'Is Adyar open at night?',
    });
    await act(async () => release());
    expect(await screen.findByText(contactSent())).toBeTruthy();
    const again = screen.getByLabelText('Your name') as HTMLInputElement;
    expect(again.value).toBe('');
    expect((screen.getByLabelText('Your e-mail address') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Your message') as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps the values and shows an error toast when the server fails', async () => {
    const { release } = pendingFetch(500, { error: 'Internal Server Error', message: 'x' });
    const f = setup();
    f.fill('Asha', 'asha@example.in', 'Hello');
    f.send();
    await act(async () => release());
    expect(await screen.findByText(contactNotSent())).toBeTruthy();
    expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('Asha');
    expect((screen.getByLabelText('Your message') as HTMLTextAreaElement).value).toBe('Hello');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send message' })),
    );
  });

  it('says to wait on 429 and shows server-side field problems next to the fields', async () => {
    const limited = pendingFetch(429, { error: 'Too Many Requests', message: 'x' }, { 'retry-after': '600' });
    const f = setup();
    f.fill('Asha', 'asha@example.in', 'Hello');
    f.send();
    await act(async () => limited.release());
    expect(await screen.findByText(/Please wait about 10 minutes and try again/)).toBeTruthy();

    const invalid = pendingFetch(400, {
      error: 'Bad Request',
      message: 'name must not contain a control character (U+0007 at position 3)',
      details: [{ field: 'name', problem: 'must not contain a control character (U+0007 at position 3)' }],
    });
    f.send();
    await act(async () => invalid.release());
    const name = await screen.findByLabelText('Your name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Your name contains an invisible control character that cannot be sent (character 3). Please delete it or type the text again.',
    );
  });

  it('hides the honeypot from people and screen readers and sends it only when filled', async () => {
    const { fetchMock, release } = pendingFetch(201, { id: 1 });
    setup();
    const trap = document.getElementById('contact-website') as HTMLInputElement;
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(trap.tabIndex).toBe(-1);
    fireEvent.change(trap, { target: { value: 'http://spam.test' } });
    const f = {
      name: screen.getByLabelText('Your name'),
      email: screen.getByLabelText('Your e-mail address'),
    };
    fireEvent.change(f.name, { target: { value: 'Bot' } });
    fireEvent.change(f.email, { target: { value: 'bot@example.in' } });
    fireEvent.change(screen.getByLabelText('Your message'), { target: { value: 'buy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await act(async () => release());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body)).website).toBe('http://spam.test');
  });
});

describe('ContactForm in Hindi', () => {
  it('labels the fields and names them in its validation messages', async () => {
    await loadMessages(['contact'], 'hi');
    activateLocale('hi');
    vi.stubGlobal('fetch', vi.fn());
    render(<ContactForm />);
    fireEvent.click(screen.getByRole('button', { name: 'संदेश भेजें' }));
    const name = screen.getByLabelText('आपका नाम');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'कृपया अपना नाम लिखें।',
    );
    expect(screen.getByLabelText('आपका ई-मेल पता')).toBeTruthy();
    expect(screen.getByLabelText('आपका संदेश')).toBeTruthy();
  });
});
