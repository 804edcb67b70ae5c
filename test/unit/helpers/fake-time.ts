/** A clock that moves only when the code under test sleeps; every sleep is recorded. */
export function fakeTime(start = 0) {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms: number): Promise<void> => {
      sleeps.push(ms);
      now += ms;
    },
  };
}
