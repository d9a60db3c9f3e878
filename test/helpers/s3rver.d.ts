// s3rver (a local S3-compatible server for tests) ships no types: what the tests use of it.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'
  export default class S3rver {
    constructor(options: { address?: string; port?: number; silent?: boolean; directory: string; configureBuckets?: Array<{ name: string }> })
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
