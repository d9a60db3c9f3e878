// The text buttons' other looks (text-button.tsx has the outlined one): only the message editor and
// the tool cards use them, both lazy chunks, so the first load carries none of these classes' names.
export const PRIMARY_TONE = 'bg-primary-700 text-white hover:bg-primary-800 dark:bg-primary-500 dark:text-neutral-950 dark:hover:bg-primary-400'
export const GHOST_TONE = 'text-neutral-700 hover:bg-neutral-100 dark:text-neutral-200 dark:hover:bg-neutral-800'
