/**
 * The "your turn" chime: two short tones made with WebAudio (no sound files), muted by the
 * player's choice, remembered in localStorage. Browsers only let a page play sound after a user
 * gesture, so the audio context is created on the first tap or key press.
 */
const MUTE_KEY = 'junction.mute';

let audio: AudioContext | null = null;

export function isMuted(): boolean {
  try {
    return localStorage.getItem(MUTE_KEY) === '1';
  } catch {
    return false;
  }
}

export function setMuted(muted: boolean): void {
  try {
    localStorage.setItem(MUTE_KEY, muted ? '1' : '0');
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/** Call from a user gesture handler. */
export function unlockAudio(): void {
  if (audio || typeof AudioContext === 'undefined') return;
  try {
    audio = new AudioContext();
  } catch {
    audio = null;
  }
}

export function chime(): void {
  if (isMuted() || !audio) return;
  void audio.resume().catch(() => undefined);
  const start = audio.currentTime;
  [660, 880].forEach((frequency, i) => {
    const osc = audio!.createOscillator();
    const gain = audio!.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    const at = start + i * 0.12;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.12, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.11);
    osc.connect(gain).connect(audio!.destination);
    osc.start(at);
    osc.stop(at + 0.12);
  });
}
