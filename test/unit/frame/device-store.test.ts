import { describe, expect, it } from 'vitest';
import { newDeviceKey } from '../../../src/frame/device-key.js';
import { deviceShareKey, deviceStore } from '../../../src/frame/device-store.js';

/** An IndexedDB that refuses this frame, as Chrome does to a third-party frame when site data is blocked. */
function refusingIndexedDb(): IDBFactory {
  return {
    open() {
      const request = {} as { error: DOMException; onerror?: () => void };
      setTimeout(() => {
        request.error = new DOMException(
          'The user denied permission to access the database.',
          'UnknownError',
        );
        request.onerror?.();
      });
      return request as unknown as IDBOpenDBRequest;
    },
  } as unknown as IDBFactory;
}

describe('the device share store', () => {
  it('keys shares by app id and address, whatever the address case', () => {
    expect(deviceShareKey('app', '0xAbC')).toBe(deviceShareKey('app', '0xabc'));
    expect(deviceShareKey('app', '0xabc')).not.toBe(deviceShareKey('other', '0xabc'));
  });

  it("keeps the share and the device key in the frame's memory when the browser refuses IndexedDB", async () => {
    for (const store of [deviceStore(refusingIndexedDb()), deviceStore(undefined)]) {
      const key = await newDeviceKey();
      expect(await store.getKey('app', '0xAbC')).toBeUndefined();
      await store.putKey('app', '0xAbC', key);
      expect(await store.getKey('app', '0xabc')).toBe(key);
      expect(await store.getKey('other', '0xabc')).toBeUndefined();
      const share = Uint8Array.from([1, 2, 3]);
      expect(await store.get('app', '0xAbC')).toBeUndefined();
      await store.put('app', '0xAbC', share);
      share.fill(0);
      expect(await store.get('app', '0xabc')).toEqual(Uint8Array.from([1, 2, 3]));
      expect(await store.get('other', '0xabc')).toBeUndefined();
      await store.delete('app', '0xABC');
      expect(await store.get('app', '0xabc')).toBeUndefined();
      await store.deleteKey('app', '0xABC');
      expect(await store.getKey('app', '0xabc')).toBeUndefined();
    }
  });
});
