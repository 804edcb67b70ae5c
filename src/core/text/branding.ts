/** The line at the bottom of the modal (appearance.hideBranding hides it). */
export const PROTECTED_BY = 'Protected by Gatehouse';
