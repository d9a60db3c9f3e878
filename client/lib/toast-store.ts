// react-hot-toast's headless store: loaded with the first toast or once the page has settled
// (toast.ts), so its code is not part of the first load.
export { toast, useToaster } from 'react-hot-toast/headless'
