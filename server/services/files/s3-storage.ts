// File storage in an S3-compatible bucket (AWS S3, MinIO, R2…), through the AWS SDK v3: the way
// several replicas share uploads. Bytes stream in (a multipart upload of 5 MB parts, so a large
// file is never whole in memory) and out (GetObject's body, ranges passed through). An upload that
// fails or is cut off is aborted: no object appears until the last part is in.
import { Readable } from 'node:stream'
import { CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { checkKey, type FileStorage } from './file-storage.ts'

export interface S3StorageConfig {
  bucket: string
  /** For S3-compatible services (MinIO: http://minio:9000); unset: AWS. */
  endpoint: string | undefined
  region: string
  accessKeyId: string | undefined
  secretAccessKey: string | undefined
  /** MinIO and most self-hosted services want bucket/key paths, not bucket subdomains. */
  forcePathStyle: boolean
}

const PREFIX = 'uploads/'
function objectKey(key: string): string {
  checkKey(key)
  return PREFIX + key
}

export function createS3Storage(config: S3StorageConfig): FileStorage & { ensureBucket(): Promise<'exists' | 'created'>; close(): void } {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
  })
  const Bucket = config.bucket
  return {
    describe: () => `S3 bucket ${Bucket}${config.endpoint ? ` at ${config.endpoint}` : ` (${config.region})`}`,
    /** A bucket that does not exist yet is made (a fresh MinIO); one that exists is left as it is. */
    async ensureBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }))
        return 'exists'
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
        if (status !== 404) throw error
        await client.send(new CreateBucketCommand({ Bucket }))
        return 'created'
      }
    },
    async write(key, source) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectKey(key), Body: source instanceof Readable ? source : Readable.from(source) },
        queueSize: 2,
        partSize: 5 * 1024 * 1024,
        leavePartsOnError: false,
      })
      await upload.done()
    },
    async read(key, range) {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }))
      return object.Body as Readable
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }))
    },
    close: () => client.destroy(),
  }
}
