/** The colour scheme a person chose on this device; none means their system's. */
export const themeStorageKey = 'up2.theme';

/**
 * Every page's first script (index.html's head, so the app's pages and the pages the Worker
 * renders alike): marks `<html data-theme>` with the scheme chosen on this device before the
 * first paint, so a page never flashes the other one, and again when another tab chooses, so a
 * page the app has not started on follows too. Without it (no script, no choice) the stylesheet
 * follows the system. Constant text: the pages' CSP names it by hash.
 */
export const themeScript = `(function(){function m(){try{var t=localStorage.getItem("${themeStorageKey}"),r=document.documentElement;if(t==="light"||t==="dark")r.setAttribute("data-theme",t);else r.removeAttribute("data-theme")}catch(e){}}m();addEventListener("storage",function(e){if(e.key==="${themeStorageKey}"||e.key===null)m()})})()`;
