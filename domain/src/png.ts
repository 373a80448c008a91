/**
 * PNG images checked by their bytes (the PNG specification, W3C/ISO 15948):
 * the 8-byte signature, an IHDR chunk first (13 bytes: width, height, bit
 * depth, colour type, compression, filter, interlace) with a matching CRC,
 * and the IEND chunk last. Used where a client sends an image the server
 * keeps, such as a drawn signature (proposals.ts), so that text sent under a
 * `data:image/png` label (an SVG with a script, HTML) is refused. Pure: no
 * Node Buffer, so the web may use it too.
 */

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The IEND chunk as it always reads: length 0, type, CRC. */
const IEND = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];
/** Valid bit depths of each colour type (PNG spec 11.2.2). */
const BIT_DEPTHS: Record<number, readonly number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

let crcTable: Uint32Array | undefined;
/** CRC-32 (ISO 3309, as PNG chunks use it) of `bytes`. */
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const u32 = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

/** A PNG's size in pixels. */
export interface PngSize {
  width: number;
  height: number;
}

/**
 * The width and height of the PNG in `bytes`, or null when the bytes are not
 * a PNG: wrong signature, no IHDR first, a bad IHDR (CRC, zero size, unknown
 * colour type or bit depth, compression, filter or interlace method), or no
 * IEND at the end.
 */
export function pngSize(bytes: Uint8Array): PngSize | null {
  if (bytes.length < 8 + 25 + 12) return null;
  if (SIGNATURE.some((v, i) => bytes[i] !== v)) return null;
  // IHDR: length 13, type "IHDR", 13 bytes of data, CRC over type and data.
  if (u32(bytes, 8) !== 13) return null;
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
  if (crc32(bytes.subarray(12, 29)) !== u32(bytes, 29)) return null;
  const width = u32(bytes, 16);
  const height = u32(bytes, 20);
  const [depth, colour, compression, filter, interlace] = bytes.subarray(24, 29);
  if (!width || !height || width > 0x7fffffff || height > 0x7fffffff) return null;
  if (!BIT_DEPTHS[colour!]?.includes(depth!)) return null;
  if (compression !== 0 || filter !== 0 || (interlace !== 0 && interlace !== 1)) return null;
  const end = bytes.subarray(bytes.length - IEND.length);
  if (IEND.some((v, i) => end[i] !== v)) return null;
  return { width, height };
}

/** The bytes of a base64 text (standard alphabet), or null when it is not base64. */
export function base64Bytes(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1) return null;
  try {
    const bin = atob(text);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}
