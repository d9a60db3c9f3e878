// Runs inline in <head> before first paint (docs/product-contract.md): reads the stored preference and puts class
// `dark` or `light` on <html>, so a reload in dark mode never flashes light. It also restores the
// remembered sidebar state the same way. Kept as plain ES5 source because it is inlined verbatim.

import { COLOR_MODE_STORAGE_KEY, SIDEBAR_STORAGE_KEY, THEME_COLOR_DARK, THEME_COLOR_LIGHT } from './constants.ts'

export const colorModeScript = `(function(){try{var d=document.documentElement,p=localStorage.getItem(${JSON.stringify(COLOR_MODE_STORAGE_KEY)});if(p!=='light'&&p!=='dark')p='system';var m=p==='system'?(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'):p;d.classList.remove('light','dark');d.classList.add(m);d.setAttribute('data-color-mode',p);d.style.colorScheme=m;if(p!=='system'){var c=m==='dark'?${JSON.stringify(THEME_COLOR_DARK)}:${JSON.stringify(THEME_COLOR_LIGHT)};document.querySelectorAll('meta[name="theme-color"]').forEach(function(e){e.setAttribute('content',c)})}if(localStorage.getItem(${JSON.stringify(SIDEBAR_STORAGE_KEY)})==='collapsed')d.classList.add('sidebar-collapsed')}catch(e){}})()`
