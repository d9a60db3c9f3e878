// `--import` this to load native modules (better-sqlite3) from NATIVE_MODULES_DIR instead of the
// project's node_modules: the Docker image's Node leg of `npm test` runs the server tests with a Node
// whose ABI differs from the machine's Node that node_modules was built for.
import { register } from 'node:module'

if (process.env.NATIVE_MODULES_DIR) register('./native-modules-hooks.mjs', import.meta.url, { data: { dir: process.env.NATIVE_MODULES_DIR } })
