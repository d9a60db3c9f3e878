// Limits for a server whose every visitor comes from one address: the e2e suite and the benchmarks
// run hundreds of chats from 127.0.0.1 a minute, which the per-address defaults (built to stop a
// script) would refuse. Tests of the limits themselves set their own.
export const ONE_ADDRESS_ENV = {
  SEND_RATE_LIMIT_PER_MINUTE: '10000',
  CHAT_CREATE_RATE_LIMIT_PER_MINUTE: '10000',
  IP_CHAT_CREATE_RATE_LIMIT_PER_MINUTE: '100000',
  IP_SEND_RATE_LIMIT_PER_MINUTE: '100000',
  IP_CONCURRENT_ANSWERS: '10000',
  ICONS_UPSTREAM_RATE_LIMIT_PER_MINUTE: '100000',
  IP_UPLOAD_RATE_LIMIT_PER_MINUTE: '100000',
  IP_UPLOAD_ANONYMOUS_MB_PER_HOUR: '100000',
  UPLOAD_ANONYMOUS_MB_PER_HOUR: '1000000',
} as const
