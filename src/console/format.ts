/** Unix seconds as the reader's local date and time, and as the ISO text of a <time> element. */
export function when(seconds: number): { text: string; iso: string } {
  const date = new Date(seconds * 1000);
  return {
    text: date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    iso: date.toISOString(),
  };
}
