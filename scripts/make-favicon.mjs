// Makes public/favicon.ico from public/favicon.svg: browsers and tools that ask for
// /favicon.ico get the same mark. An ICO of one 32x32 PNG (every browser since IE Vista reads
// PNG inside ICO). Run it again after changing the SVG: `node scripts/make-favicon.mjs`.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

const SIZE = 32
const publicDir = path.resolve(import.meta.dirname, '../public')
const png = await sharp(readFileSync(path.join(publicDir, 'favicon.svg')), { density: 384 })
  .resize(SIZE, SIZE)
  .png()
  .toBuffer()

// ICONDIR (6 bytes) and one ICONDIRENTRY (16 bytes), then the PNG.
const header = Buffer.alloc(22)
header.writeUInt16LE(0, 0) // reserved
header.writeUInt16LE(1, 2) // type: icon
header.writeUInt16LE(1, 4) // one image
header.writeUInt8(SIZE, 6) // width
header.writeUInt8(SIZE, 7) // height
header.writeUInt8(0, 8) // no palette
header.writeUInt8(0, 9) // reserved
header.writeUInt16LE(1, 10) // colour planes
header.writeUInt16LE(32, 12) // bits per pixel
header.writeUInt32LE(png.length, 14) // image size
header.writeUInt32LE(22, 18) // image offset
writeFileSync(path.join(publicDir, 'favicon.ico'), Buffer.concat([header, png]))
