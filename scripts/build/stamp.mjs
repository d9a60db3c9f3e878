// Records which sources the build was made from, so `npm start` knows when to rebuild.
import { writeFileSync } from 'node:fs'
import { sourceFingerprint } from './fingerprint.mjs'

writeFileSync('dist/.build-stamp', sourceFingerprint() + '\n')
