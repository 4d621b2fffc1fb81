/**
 * Walks the MPEG audio frames of an MP3 file by their headers, for tests: each
 * frame must start where the previous one ends, so a damaged or non-MP3 file
 * fails. Gives the frame count, sample rate, bit rate and playing time.
 */
const BITRATES_V1_L3 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2_L3 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

export interface Mp3Facts {
  frames: number;
  sampleRate: number;
  kbps: number;
  seconds: number;
}

export function mp3Frames(bytes: Uint8Array): Mp3Facts {
  let offset = 0;
  // An ID3v2 tag may come first: 10-byte header, then a syncsafe size.
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    offset = 10 + ((bytes[6] << 21) | (bytes[7] << 14) | (bytes[8] << 7) | bytes[9]);
  }
  let frames = 0;
  let samples = 0;
  let sampleRate = 0;
  let kbps = 0;
  while (offset + 4 <= bytes.length) {
    const b1 = bytes[offset + 1];
    const b2 = bytes[offset + 2];
    if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Error(`No MPEG frame sync at byte ${offset} (frame ${frames + 1})`);
    const version = (b1 >> 3) & 3;
    const layer = (b1 >> 1) & 3;
    if (version === 1 || layer !== 1) throw new Error(`Frame ${frames + 1} is not MPEG layer III`);
    const rateIndex = (b2 >> 2) & 3;
    const bitrateIndex = b2 >> 4;
    if (rateIndex === 3 || bitrateIndex === 0 || bitrateIndex === 15) throw new Error(`Frame ${frames + 1} has a bad header`);
    const rate = RATES[version][rateIndex];
    const bitrate = (version === 3 ? BITRATES_V1_L3 : BITRATES_V2_L3)[bitrateIndex];
    const perFrame = version === 3 ? 1152 : 576;
    const length = Math.floor(((perFrame / 8) * bitrate * 1000) / rate) + ((b2 >> 1) & 1);
    if (offset + length > bytes.length) break; // a cut last frame is tolerated, as players do
    sampleRate = rate;
    kbps = bitrate;
    frames++;
    samples += perFrame;
    offset += length;
  }
  if (frames === 0) throw new Error('No MPEG audio frames');
  return { frames, sampleRate, kbps, seconds: samples / sampleRate };
}
