import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../src/core/storage.js';
import { API_PATHS } from '../../../src/protocol/index.js';
import { API_URL, APP_ID, FakeProvider } from '../helpers/fake-provider.js';
import { createClient } from '../helpers/setup.js';

const CONFIG_PATH = API_PATHS.app(APP_ID);
const configGets = (provider: FakeProvider) =>
  provider.requests.filter((r) => r.method === 'GET' && r.path === CONFIG_PATH);
/** The GET the loader sends: no header of the client's, as a browser sends a CORS simple request. */
const loaderGet = (provider: FakeProvider) => provider.fetch(`${API_URL}${CONFIG_PATH}`, {});

describe('the app configuration at start (§3)', () => {
  it("takes the loader's answer and asks nothing more", async () => {
    const provider = new FakeProvider();
    const { gatehouse } = createClient({ appConfig: loaderGet(provider) }, provider);
    await gatehouse.ready;
    expect(gatehouse.ctx.$config.get().appName).toBe('Acme Shop');
    expect(configGets(provider)).toHaveLength(1);
    expect(configGets(provider)[0]!.headers).toEqual({});
  });

  it("asks again with the client's headers when the loader's GET failed, and reports that answer", async () => {
    const provider = new FakeProvider();
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    const { gatehouse } = createClient({ appConfig: failed }, provider);
    await gatehouse.ready;
    expect(gatehouse.ctx.$config.get().appName).toBe('Acme Shop');
    expect(configGets(provider)[0]!.headers['gatehouse-app-id']).toBe(APP_ID);

    const unknown = new FakeProvider();
    unknown.failures.set(CONFIG_PATH, ['app_not_found', 'app_not_found']);
    const { gatehouse: other } = createClient({ appConfig: loaderGet(unknown) }, unknown);
    await expect(other.ready).rejects.toThrow(`Gatehouse could not load the configuration of app ${APP_ID}`);
  });

  it('starts from the kept configuration at once on the next load, then applies the fresh one', async () => {
    const provider = new FakeProvider();
    const storage = memoryStorage();
    await createClient({ storage }, provider).gatehouse.ready;

    provider.app = { ...provider.app, name: 'Acme Shop 2' };
    let answer!: () => void;
    provider.gate = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { gatehouse } = createClient({ storage }, provider);
    await gatehouse.ready;
    expect(gatehouse.ctx.$config.get().appName).toBe('Acme Shop');
    answer();
    await expect.poll(() => gatehouse.ctx.$config.get().appName).toBe('Acme Shop 2');

    provider.gate = null;
    const third = createClient({ storage }, provider).gatehouse;
    await third.ready;
    expect(third.ctx.$config.get().appName).toBe('Acme Shop 2');
  });

  it('forgets the kept configuration when the provider says the app is gone', async () => {
    const provider = new FakeProvider();
    const storage = memoryStorage();
    await createClient({ storage }, provider).gatehouse.ready;
    provider.failures.set(CONFIG_PATH, ['app_not_found', 'app_not_found']);
    const kept = createClient({ storage }, provider).gatehouse;
    await kept.ready;
    await expect.poll(() => configGets(provider).length).toBe(2);
    provider.failures.set(CONFIG_PATH, ['app_not_found']);
    await expect(createClient({ storage }, provider).gatehouse.ready).rejects.toThrow('App not found');
  });
});
