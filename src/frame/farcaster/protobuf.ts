/**
 * A protocol buffers writer, just what Farcaster's MessageData needs: varints, length-delimited
 * fields (bytes, strings, nested messages) and packed repeated varints. Fields are written in the
 * order the caller gives; zero scalars and empty strings are left out, as proto3 encoders do.
 */
const VARINT = 0;
const LEN = 2;

export class ProtoWriter {
  private readonly bytes: number[] = [];

  private varintValue(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a uint: ${value}`);
    let rest = value;
    while (rest > 0x7f) {
      this.bytes.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    this.bytes.push(rest);
  }

  private tag(field: number, wireType: number): void {
    this.varintValue(field * 8 + wireType);
  }

  /** A uint32/uint64/enum field; left out when 0. */
  uint(field: number, value: number): this {
    if (value !== 0) {
      this.tag(field, VARINT);
      this.varintValue(value);
    }
    return this;
  }

  /** A bytes field; left out when empty unless `always`. */
  bytesField(field: number, value: Uint8Array, always = false): this {
    if (value.length === 0 && !always) return this;
    this.tag(field, LEN);
    this.varintValue(value.length);
    for (const byte of value) this.bytes.push(byte);
    return this;
  }

  /** A string field (UTF-8); left out when empty unless `always`. */
  string(field: number, value: string, always = false): this {
    return this.bytesField(field, new TextEncoder().encode(value), always);
  }

  /** A nested message (written even when it is empty). */
  message(field: number, nested: ProtoWriter): this {
    return this.bytesField(field, nested.finish(), true);
  }

  /** A packed repeated varint field, written (possibly empty) as protobufjs writes it. */
  packed(field: number, values: readonly number[]): this {
    const inner = new ProtoWriter();
    for (const value of values) inner.varintValue(value);
    return this.bytesField(field, inner.finish(), true);
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}
