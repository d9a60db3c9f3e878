// Prints a new SESSION_KEY value (32 random bytes, hex). To rotate: put it first, keep the old one
// after a comma until every cookie sealed with it has expired.
import { randomBytes } from 'node:crypto'

console.log(randomBytes(32).toString('hex'))
