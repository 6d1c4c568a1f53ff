/**
 * Is this an Ogg container whose first logical stream is Opus? WhatsApp plays push-to-talk notes
 * on every phone only as OGG/Opus (iOS refuses MP3 and MP4 as PTT), so a note goes out only after
 * its bytes say so: an Ogg page ("OggS", version 0, beginning-of-stream) whose first packet is the
 * Opus identification header ("OpusHead", RFC 7845 §5.1). The first page is enough: pass a file's head.
 */
export function isOggOpus(bytes: Buffer): boolean {
  if (bytes.length < 27 + 19 || bytes.toString('latin1', 0, 4) !== 'OggS' || bytes[4] !== 0) return false
  if (!(bytes[5] & 0x02)) return false // not the first page of a stream
  const segments = bytes[26]
  const packet = 27 + segments
  return bytes.length >= packet + 19 && bytes.toString('latin1', packet, packet + 8) === 'OpusHead'
}

/** Channels (byte 9) and input sample rate (bytes 12–15, little-endian) from the OpusHead packet. */
export function opusHead(bytes: Buffer): { channels: number; sampleRate: number } | null {
  if (!isOggOpus(bytes)) return null
  const at = 27 + bytes[26]
  return { channels: bytes[at + 9], sampleRate: bytes.readUInt32LE(at + 12) }
}
