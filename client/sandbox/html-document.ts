// An HTML artifact as the document of the sandbox's nested frame: the page as written, with a
// first script that reports its uncaught errors to the sandbox page (which forwards them to the
// app with the render's id) and the colour scheme of the app's theme.

export const CHILD_ERROR = 'artifact:child-error'

/**
 * WebRTC's constructors. Chromium does not hold RTCPeerConnection to connect-src: a peer connection
 * can reach a STUN/TURN server the code names. Removed from every document the sandbox makes.
 */
export const WEBRTC_GLOBALS = ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCRtpSender', 'RTCRtpReceiver', 'RTCIceTransport']

/** Script text that removes them from the window it runs in, for good (not writable, not configurable). */
export const REMOVE_WEBRTC = `${JSON.stringify(WEBRTC_GLOBALS)}.forEach(function(n){try{Object.defineProperty(window,n,{value:undefined,writable:false,configurable:false})}catch(_){}});`

const REPORTER = `<script>${REMOVE_WEBRTC}(function(){function r(e){try{parent.postMessage({type:${JSON.stringify(CHILD_ERROR)},message:String(e&&e.stack?(e.name+': '+e.message):e)},'*')}catch(_){}}
addEventListener('error',function(e){r(e.error||e.message)});addEventListener('unhandledrejection',function(e){r(e.reason)})})()</script>`

const DOCTYPE = /^\s*<!doctype[^>]*>/i

export function htmlDocument(content: string, theme: 'light' | 'dark'): string {
  const head = `<meta charset="utf-8"><meta name="color-scheme" content="${theme}">${REPORTER}`
  // After the doctype, so a page that declares one stays in standards mode.
  const doctype = DOCTYPE.exec(content)
  return doctype ? doctype[0] + head + content.slice(doctype[0].length) : `<!doctype html>${head}${content}`
}
