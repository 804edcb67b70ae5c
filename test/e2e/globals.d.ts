// Globals of the host pages, as the browser tests see them inside page.evaluate().
declare global {
  interface Window {
    // biome-ignore lint/suspicious/noExplicitAny: the public surface is exercised as a host page would, untyped
    LoginWidget: any;
    // biome-ignore lint/suspicious/noExplicitAny: event log written by the host page
    seen: any[];
    cspViolations: string[];
  }
}

export {};
