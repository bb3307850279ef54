/** One parsed server-sent event (comments are kept as event 'comment'). */
export interface ParsedEvent {
  id?: string;
  event: string;
  data: string;
}

/**
 * A minimal EventSource for tests, over fetch: records every event and comment, and lets a test wait for
 * one. No automatic reconnect: tests reconnect explicitly with Last-Event-ID.
 */
export async function openEventStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const events: ParsedEvent[] = [];
  const waiters = new Set<() => void>();
  let closed = false;
  const pump = async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const ev: ParsedEvent = { event: 'message', data: '' };
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) ev.event = 'comment';
            else if (line.startsWith('id: ')) ev.id = line.slice(4);
            else if (line.startsWith('event: ')) ev.event = line.slice(7);
            else if (line.startsWith('data: ')) ev.data += line.slice(6);
            else if (line.startsWith('retry: ')) ev.event = 'retry';
          }
          events.push(ev);
          for (const w of waiters) w();
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by close(): the test is done with this stream.
    } finally {
      closed = true;
      for (const w of waiters) w();
    }
  };
  void pump();

  return {
    res,
    events,
    get closed() {
      return closed;
    },
    /** Resolves with the first recorded event matching `predicate`, or rejects after `timeoutMs`. */
    waitFor(predicate: (e: ParsedEvent) => boolean, timeoutMs = 5000): Promise<ParsedEvent> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(predicate);
          if (found) {
            done();
            resolve(found);
          } else if (closed) {
            done();
            reject(new Error(`stream closed; events: ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`timed out; events so far: ${JSON.stringify(events)}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      controller.abort();
    },
  };
}
