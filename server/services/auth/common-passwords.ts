// Passwords attackers try first are refused at sign-up (OWASP ASVS 2.1.7): the breached-password
// list that ships with zxcvbn-ts (about 18,000 of its entries are long enough to be allowed at all),
// plus the patterns no list holds in full: one character repeated, or a run up or down the keyboard
// or the alphabet ("aaaaaaaa", "12345678", "abcdefgh"), and the account's own email address.
// The list is loaded on the first sign-up, not at start-up: most processes never need it.

let common: Promise<Set<string>> | undefined

async function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']!.map((word) => word.toLowerCase())))
  return common
}

const RUNS = ['abcdefghijklmnopqrstuvwxyz', '01234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm']

/** One character over and over, or a stretch of one of RUNS (either way round). */
function isTrivial(password: string): boolean {
  if (new Set(password).size === 1) return true
  return RUNS.some((run) => run.includes(password) || [...run].reverse().join('').includes(password))
}

/** Why `password` must not be used, or null when it may. */
export async function weakPasswordReason(password: string, email: string): Promise<string | null> {
  const folded = password.normalize('NFKC').toLowerCase()
  const [localPart] = email.toLowerCase().split('@')
  if (folded === email.toLowerCase() || folded === localPart) return 'This password is your email address. Choose another.'
  if (isTrivial(folded) || (await commonPasswords()).has(folded)) {
    return 'This password is one of the most common passwords, which attackers try first. Choose another.'
  }
  return null
}
