import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseVoice, ownVoice, Speaker, VOICES_WAIT_MS, voicesFor } from './speech';
import { memoryStorage, RecordingSynth, TestUtteranceClass, voice } from './test-synth';

afterEach(() => {
  vi.useRealTimers();
});

const hindi = voice('hi-IN', 'Lekha');
const english = voice('en-US', 'Samantha');
const englishIndia = voice('en_IN', 'Rishi');

describe('voice selection', () => {
  it("finds a language's voices by voice.lang, whatever the separator and case", () => {
    expect(
      voicesFor([hindi, english, englishIndia, voice('HI'), voice('hil-PH')], 'hi').map((v) => v.lang),
    ).toEqual(['hi-IN', 'HI']);
    expect(voicesFor([hindi, english, englishIndia], 'en')).toEqual([english, englishIndia]);
  });

  it("prefers the page's exact tag (en-IN for English), then a voice on the device", () => {
    expect(ownVoice([english, englishIndia], 'en', 'en-IN')).toBe(englishIndia);
    const remote = { ...voice('it-IT', 'Cloud'), localService: false };
    const local = voice('it-IT', 'Alice');
    expect(ownVoice([remote, local], 'it', 'it-IT')).toBe(local);
  });

  it('never falls back to English by itself when the device has no voice for the language', () => {
    expect(chooseVoice([english, englishIndia], 'hi', 'hi-IN', null)).toBeNull();
    expect(chooseVoice([], 'hi', 'hi-IN', null)).toBeNull();
  });

  it('uses the voice the driver chose instead, while the device has it', () => {
    expect(chooseVoice([english], 'hi', 'hi-IN', english.voiceURI)).toEqual({ voice: english, own: false });
    expect(chooseVoice([englishIndia], 'hi', 'hi-IN', english.voiceURI)).toBeNull();
    // The language's own voice wins over an earlier choice.
    expect(chooseVoice([english, hindi], 'hi', 'hi-IN', english.voiceURI)).toEqual({
      voice: hindi,
      own: true,
    });
  });
});

describe('the speaker', () => {
  const hindiSpeaker = (synth: RecordingSynth, storage = memoryStorage()) =>
    new Speaker(
      synth,
      TestUtteranceClass,
      storage,
      () => 'hi',
      () => 'hi-IN',
    );

  it("says a sentence with the language's voice and tag", () => {
    const synth = new RecordingSynth([english, hindi]);
    expect(hindiSpeaker(synth).say('नमस्ते')).toBe(true);
    expect(synth.spoken).toEqual([{ text: 'नमस्ते', lang: 'hi-IN', voice: 'Lekha' }]);
  });

  it('stays silent without a voice for the language until the driver picks one, and remembers it', () => {
    const synth = new RecordingSynth([english]);
    const storage = memoryStorage();
    const speaker = hindiSpeaker(synth, storage);
    expect(speaker.say('नमस्ते')).toBe(false);
    expect(synth.spoken).toEqual([]);
    const heard = vi.fn();
    speaker.subscribe(heard);
    speaker.setFallback(english.voiceURI);
    expect(heard).toHaveBeenCalled();
    expect(speaker.say('नमस्ते')).toBe(true);
    expect(synth.spoken).toEqual([{ text: 'नमस्ते', lang: 'en-US', voice: 'Samantha' }]);
    expect(hindiSpeaker(new RecordingSynth([english]), storage).choice()?.voice).toBe(english);
    speaker.setFallback(null);
    expect(speaker.say('नमस्ते')).toBe(false);
  });

  it('cancels what is still queued or speaking before a new sentence', () => {
    const synth = new RecordingSynth([hindi]);
    const speaker = hindiSpeaker(synth);
    speaker.say('एक');
    expect(synth.cancelled).toBe(0);
    synth.pending = true;
    speaker.say('दो');
    expect(synth.cancelled).toBe(1);
  });

  it('follows voiceschanged: voices listed late are used, and the settings hear of it', () => {
    vi.useFakeTimers();
    const synth = new RecordingSynth([]);
    const speaker = hindiSpeaker(synth);
    expect(speaker.voicesKnown).toBe(false);
    const heard = vi.fn();
    speaker.subscribe(heard);
    synth.list([english, hindi]);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(speaker.voicesKnown).toBe(true);
    expect(speaker.choice()).toEqual({ voice: hindi, own: true });
  });

  it('stops waiting for a voiceschanged that never comes', () => {
    vi.useFakeTimers();
    const speaker = hindiSpeaker(new RecordingSynth([]));
    expect(speaker.voicesKnown).toBe(false);
    vi.advanceTimersByTime(VOICES_WAIT_MS);
    expect(speaker.voicesKnown).toBe(true);
  });

  it('says when the browser refused to speak without a tap', () => {
    const synth = new RecordingSynth([hindi]);
    const spoken: { onerror: ((e: { error: string }) => void) | null }[] = [];
    synth.speak = (u) => void spoken.push(u as never);
    const speaker = hindiSpeaker(synth);
    speaker.say('एक');
    spoken[0]!.onerror?.({ error: 'not-allowed' });
    expect(speaker.blocked).toBe(true);
  });
});
