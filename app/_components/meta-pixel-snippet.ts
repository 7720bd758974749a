import { consentCookieName, META_PIXEL_SCRIPT } from "@/lib/consent/consent-cookie";
import type { ConsentScope } from "@/lib/consent/browser-consent";

/** Meta's standard pixel snippet, with this market's consent rules. */
export function pixelSnippet(pixelId: string, scope: ConsentScope): string {
  const load = `t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s);`;
  const answer = (choice: string) =>
    `/(?:^|;\\s*)${consentCookieName(scope.market)}=${choice}\\.${scope.version}(?:;|$)/.test(b.cookie)`;
  const start = scope.ask ? `fbq('consent','revoke');if(${answer("granted")}){fbq('consent','grant');${load}}` : load;
  const pageView = scope.ask ? `if(!${answer("denied")})fbq('track','PageView')` : `fbq('track','PageView')`;
  return `!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];${start}fbq('set','autoConfig',false,${JSON.stringify(pixelId)});fbq('init',${JSON.stringify(pixelId)});${pageView}}(window,document,'script',${JSON.stringify(META_PIXEL_SCRIPT)});`;
}
