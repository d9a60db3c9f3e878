// A real PNG for tests (any browser, image-size and sharp read it): width × height pixels in stripes
// of two RGB colours, so a thumbnail visibly shows the picture. Encoded by hand with zlib.
import { crc32, deflateSync } from 'node:zlib'

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

export function makePng(width: number, height: number, colors: [number, number, number][] = [[22, 163, 74], [241, 245, 249]]): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bits per channel
  header[9] = 2 // RGB
  const row = Buffer.alloc(1 + width * 3)
  const rows: Buffer[] = []
  const stripe = Math.max(1, Math.round(height / 8))
  for (let y = 0; y < height; y++) {
    const [r, g, b] = colors[Math.floor(y / stripe) % colors.length]!
    for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3)
    rows.push(Buffer.from(row))
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))])
}
