import type { Locale } from '@cng/shared/locales';
import { currentLocale, intlLocale } from '../../i18n/i18n';
import { deviceStorage } from '../../lib/storage';

/**
 * The device's speech synthesis (window.speechSynthesis), with the voice chosen by the page's language
 * (ADR 0018). No cloud service. A page in a language the device has no voice for stays silent unless the driver
 * picks another voice: it never falls back to English by itself.
 */

/** The fields of a SpeechSynthesisVoice guidance reads (a test stands in plain objects). */
export interface VoiceLike {
  name: string;
  lang: string;
  voiceURI: string;
  default: boolean;
  localService: boolean;
}

/** The voice to speak with: the language's own, or the one the driver chose instead; null is silence. */
export type VoiceChoice = { voice: VoiceLike; own: boolean } | null;

/** 'hi_IN' and 'HI-in' are 'hi-in'. */
const normal = (lang: string) => lang.replace(/_/g, '-').toLowerCase();

/** The voices that speak `locale` ('hi': 'hi-IN', 'hi'), by voice.lang. */
export function voicesFor(voices: readonly VoiceLike[], locale: string): VoiceLike[] {
  const want = normal(locale);
  return voices.filter((v) => {
    const lang = normal(v.lang);
    return lang === want || lang.startsWith(`${want}-`);
  });
}

/**
 * The best voice for the page's language: the exact tag first ('en-IN' for English), then one on the device
 * (works offline), then the device's default, then any.
 */
export function ownVoice(voices: readonly VoiceLike[], locale: string, intlTag: string): VoiceLike | null {
  const matching = voicesFor(voices, locale);
  const score = (v: VoiceLike) =>
    (normal(v.lang) === normal(intlTag) ? 4 : 0) + (v.localService ? 2 : 0) + (v.default ? 1 : 0);
  return [...matching].sort((a, b) => score(b) - score(a))[0] ?? null;
}

/** The language's own voice, else the voice the driver chose (`fallbackUri`) if the device still has it, else null. */
export function chooseVoice(
  voices: readonly VoiceLike[],
  locale: string,
  intlTag: string,
  fallbackUri: string | null,
): VoiceChoice {
  const own = ownVoice(voices, locale, intlTag);
  if (own) return { voice: own, own: true };
  const chosen = fallbackUri ? voices.find((v) => v.voiceURI === fallbackUri) : undefined;
  return chosen ? { voice: chosen, own: false } : null;
}

/** The minimal Web Speech surface guidance uses (the browser's, or a recording stand-in in tests). */
export interface SynthLike {
  getVoices(): readonly VoiceLike[];
  speak(utterance: SpeechSynthesisUtterance): void;
  cancel(): void;
  readonly speaking: boolean;
  readonly pending: boolean;
  addEventListener(type: 'voiceschanged', listener: () => void): void;
}

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** How long to wait for the browser to list its voices (Chrome lists them after a `voiceschanged`), ms. */
export const VOICES_WAIT_MS = 2000;

const fallbackKey = (locale: Locale) => `cng.voice.fallback.${locale}`;

/**
 * One speaker for the page: lists the voices (following `voiceschanged`), remembers the driver's choice of
 * another voice per language, and says one sentence at a time — a new one cancels what is still queued.
 */
export class Speaker {
  private readonly listeners = new Set<() => void>();
  private listed = false;
  private blockedFlag = false;
  /** Changes whenever what the settings show may have changed (for useSyncExternalStore). */
  version = 0;

  constructor(
    private readonly synth: SynthLike | null,
    private readonly Utterance: (new (text: string) => SpeechSynthesisUtterance) | null,
    private readonly storage: StorageLike | null,
    private readonly locale: () => Locale = currentLocale,
    private readonly intlTag: () => string = intlLocale,
  ) {
    if (!synth) return;
    synth.addEventListener('voiceschanged', () => {
      this.listed = true;
      this.changed();
    });
    // Some browsers never fire voiceschanged (none to list, or listed at once).
    setTimeout(() => {
      if (this.listed) return;
      this.listed = true;
      this.changed();
    }, VOICES_WAIT_MS);
  }

  get supported(): boolean {
    return this.synth !== null && this.Utterance !== null;
  }

  /** False until the browser has listed its voices (or VOICES_WAIT_MS passed). */
  get voicesKnown(): boolean {
    return this.listed || this.voices().length > 0;
  }

  /** True after the browser refused to speak without a tap on the page. */
  get blocked(): boolean {
    return this.blockedFlag;
  }

  voices(): readonly VoiceLike[] {
    try {
      return this.synth?.getVoices() ?? [];
    } catch {
      return [];
    }
  }

  fallbackUri(): string | null {
    try {
      return this.storage?.getItem(fallbackKey(this.locale())) || null;
    } catch {
      return null;
    }
  }

  /** The driver's voice for a language the device has no voice for; null: stay silent. */
  setFallback(uri: string | null) {
    try {
      if (uri) this.storage?.setItem(fallbackKey(this.locale()), uri);
      else this.storage?.removeItem(fallbackKey(this.locale()));
    } catch {
      // Private mode: the choice lasts for this page only — not at all, here; the select shows silence.
    }
    this.changed();
  }

  choice(): VoiceChoice {
    return chooseVoice(this.voices(), this.locale(), this.intlTag(), this.fallbackUri());
  }

  /** Says `text` with the chosen voice, cancelling anything still queued or speaking. False when silent. */
  say(text: string): boolean {
    const choice = this.choice();
    if (!this.synth || !this.Utterance || !choice) return false;
    if (this.synth.speaking || this.synth.pending) this.synth.cancel();
    const utterance = new this.Utterance(text);
    utterance.voice = choice.voice as SpeechSynthesisVoice;
    utterance.lang = choice.voice.lang;
    utterance.onstart = () => this.setBlocked(false);
    utterance.onerror = (event) => {
      if (event.error === 'not-allowed') this.setBlocked(true);
    };
    this.synth.speak(utterance);
    return true;
  }

  cancel() {
    this.synth?.cancel();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private setBlocked(blocked: boolean) {
    if (this.blockedFlag === blocked) return;
    this.blockedFlag = blocked;
    this.changed();
  }

  private changed() {
    this.version += 1;
    for (const l of [...this.listeners]) l();
  }
}

let speaker: Speaker | null = null;

/** The page's speaker over window.speechSynthesis. */
export function getSpeaker(): Speaker {
  if (!speaker) {
    const w = typeof window === 'undefined' ? null : window;
    speaker = new Speaker(
      (w?.speechSynthesis as SynthLike | undefined) ?? null,
      w?.SpeechSynthesisUtterance ?? null,
      deviceStorage,
    );
  }
  return speaker;
}
