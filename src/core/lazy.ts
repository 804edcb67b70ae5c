/**
 * A part of the client loaded on first use (a dynamic import and whatever it builds): every call
 * shares the first load; a load that fails is tried again by the next call (the provider may be
 * back).
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
}
