import type { SynthLike, VoiceLike } from './speech';

/** A voice as a browser lists it. */
export const voice = (lang: string, name = `Voice ${lang}`): VoiceLike => ({
  name,
  lang,
  voiceURI: `urn:voice:${name}`,
  default: false,
  localService: true,
});

/** What the recording stand-in was asked to say. */
export interface Spoken {
  text: string;
  lang: string;
  voice: string | null;
}

/** A recording stand-in for window.speechSynthesis (the machines running the tests have no voices). */
export class RecordingSynth implements SynthLike {
  spoken: Spoken[] = [];
  cancelled = 0;
  speaking = false;
  pending = false;
  private readonly listeners: (() => void)[] = [];

  constructor(private voices: VoiceLike[] = []) {}

  getVoices() {
    return this.voices;
  }

  /** Lists `voices` late, as Chrome does, firing voiceschanged. */
  list(voices: VoiceLike[]) {
    this.voices = voices;
    for (const l of this.listeners) l();
  }

  speak(u: SpeechSynthesisUtterance) {
    this.spoken.push({ text: u.text, lang: u.lang, voice: u.voice?.name ?? null });
  }

  cancel() {
    this.cancelled += 1;
  }

  addEventListener(_type: 'voiceschanged', listener: () => void) {
    this.listeners.push(listener);
  }
}

/** Stands in for SpeechSynthesisUtterance. */
export class TestUtterance {
  lang = '';
  voice: VoiceLike | null = null;
  onstart: (() => void) | null = null;
  onerror: ((e: { error: string }) => void) | null = null;
  constructor(public text: string) {}
}

export const TestUtteranceClass = TestUtterance as unknown as new (text: string) => SpeechSynthesisUtterance;

/** An in-memory localStorage. */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}
