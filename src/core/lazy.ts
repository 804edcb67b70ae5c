/**
 * A part of the client loaded on first use (a dynamic import and whatever it builds): every call
 * shares the first load; a load that fails is tried again by the next call (the provider may be
 * back: Chromium keeps no failed module fetch, so the same URL is fetched anew; checked on 156). A
 * host's call that met the failure rejects with provider_unreachable (Gatehouse.call).
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
