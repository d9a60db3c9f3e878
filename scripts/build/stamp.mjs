// Records which sources the build was made from, so `npm start` knows when to rebuild, and names
// the build for the update check (dist/build.json): the id hashes what the browser runs (the client
// manifest lists every hashed chunk, index.html the entry), so identical client code keeps its id.
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { sourceFingerprint } from './fingerprint.mjs'

writeFileSync('dist/.build-stamp', sourceFingerprint() + '\n')

const clientHash = createHash('sha256')
for (const file of ['dist/client/.vite/manifest.json', 'dist/client/index.html']) clientHash.update(readFileSync(file))
writeFileSync('dist/build.json', JSON.stringify({ id: clientHash.digest('hex').slice(0, 20), timestamp: Date.now() }) + '\n')
