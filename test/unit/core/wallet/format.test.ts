import { formatUnits as ethersFormatUnits, parseUnits as ethersParseUnits } from 'ethers';
import { describe, expect, it } from 'vitest';
import {
  formatNativeAmount,
  formatTokenAmount,
  formatUnits,
  formatUsd,
  gweiToWei,
  nativeToUsd,
  numberToDecimalString,
  parseUnits,
} from '../../../../src/core/wallet/format.js';
import { shortenAddress } from '../../../../src/core/wallet/short-address.js';
import { transactionKind, transactionTitle } from '../../../../src/core/wallet/transaction.js';

const ether = (text: string) => ethersParseUnits(text, 18);

describe('wei ↔ decimal, exactly', () => {
  it('formats and parses without floating point error, as ethers does', () => {
    const values = [0n, 1n, 10n ** 18n, 1_500_000_000_000_000_000n, 123_456_789_012_345_678_901_234_567_890n];
    for (const value of values) {
      const text = formatUnits(value);
      expect(parseUnits(text)).toBe(value);
      expect(Number(text)).toBe(Number(ethersFormatUnits(value, 18)));
    }
    expect(formatUnits(1_500_000_000_000_000_000n)).toBe('1.5');
    expect(formatUnits(1n)).toBe('0.000000000000000001');
    expect(formatUnits(2n * 10n ** 18n)).toBe('2');
    expect(formatUnits(-25n, 2)).toBe('-0.25');
    // 0.1 + 0.2 in wei is exactly 0.3 ETH.
    expect(formatUnits(parseUnits('0.1') + parseUnits('0.2'))).toBe('0.3');
    expect(parseUnits('0.3')).toBe(ether('0.3'));
    expect(parseUnits('.5')).toBe(ether('0.5'));
  });

  it('refuses more fraction digits than the unit has, unless asked to round', () => {
    expect(() => parseUnits('1.0000000001', 9)).toThrow('value must be a number, bigint or hex string');
    expect(parseUnits('1.0000000001', 9, { round: true })).toBe(1_000_000_000n);
    expect(parseUnits('1.0000000005', 9, { round: true })).toBe(1_000_000_001n);
    expect(parseUnits('1.50000', 2)).toBe(150n);
    expect(() => parseUnits('abc')).toThrow();
    expect(() => parseUnits('')).toThrow();
  });

  it('writes numbers without exponents and gas-station gwei as wei', () => {
    expect(numberToDecimalString(1e-7)).toBe('0.0000001');
    expect(numberToDecimalString(1.5e-10)).toBe('0.00000000015');
    expect(numberToDecimalString(2e21)).toBe('2000000000000000000000');
    expect(numberToDecimalString(30.5)).toBe('30.5');
    expect(gweiToWei(30.000000042)).toBe(30_000_000_042n);
    expect(gweiToWei(130.5)).toBe(130_500_000_000n);
    expect(gweiToWei('25')).toBe(25_000_000_000n);
    expect(gweiToWei(1.23456789012)).toBe(1_234_567_890n);
  });
});

describe('displayed amounts (§9)', () => {
  it('shows token amounts with up to 6 decimals, trailing zeros trimmed, and <0.000001 under their last decimal', () => {
    expect(formatTokenAmount(0n)).toBe('0');
    expect(formatTokenAmount(ether('1'))).toBe('1');
    expect(formatTokenAmount(ether('1.5'))).toBe('1.5');
    expect(formatTokenAmount(ether('0.05'))).toBe('0.05');
    expect(formatTokenAmount(ether('1234.56789'))).toBe('1234.56789');
    expect(formatTokenAmount(ether('0.1234564'))).toBe('0.123456');
    expect(formatTokenAmount(ether('0.1234565'))).toBe('0.123457');
    expect(formatTokenAmount(ether('1.9999999'))).toBe('2');
    expect(formatTokenAmount(ether('0.001'))).toBe('0.001');
    expect(formatTokenAmount(ether('0.000999999999'))).toBe('0.001');
    expect(formatTokenAmount(ether('0.000063'))).toBe('0.000063');
    expect(formatTokenAmount(ether('0.000001'))).toBe('0.000001');
    expect(formatTokenAmount(ether('0.00000099'))).toBe('<0.000001');
    expect(formatTokenAmount(1n)).toBe('<0.000001');
    expect(formatTokenAmount(1_500_000n, 6)).toBe('1.5');
  });

  it('adds the native symbol', () => {
    expect(formatNativeAmount(ether('0.05'))).toBe('0.05 ETH');
    expect(formatNativeAmount(ether('2.25'), { symbol: 'POL', decimals: 18 })).toBe('2.25 POL');
    expect(formatNativeAmount(21_000n * 22_000_000_000n)).toBe('0.000462 ETH');
    expect(formatNativeAmount(21_000n * 100_000_000_000n)).toBe('0.0021 ETH');
  });

  it('shows dollars with 2 decimals and <$0.01 when tiny', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0.1 + 0.2)).toBe('$0.30');
    expect(formatUsd(1.005)).toBe('$1.01');
    expect(formatUsd(0.004)).toBe('<$0.01');
    expect(formatUsd(0.01)).toBe('$0.01');
    expect(formatUsd('1000000')).toBe('$1,000,000.00');
  });

  it('prices a native amount in dollars exactly', () => {
    expect(nativeToUsd(ether('1'), 3000.5)).toBe('$3,000.50');
    expect(nativeToUsd(ether('0.05'), 3456.78)).toBe('$172.84');
    expect(nativeToUsd(ether('0.000462'), 3456.78)).toBe('$1.60');
    expect(nativeToUsd(ether('0.000001'), 3000)).toBe('<$0.01');
    expect(nativeToUsd(0n, 3000)).toBe('$0.00');
    expect(nativeToUsd(ether('12.5'), 0.00001234)).toBe('<$0.01');
    expect(nativeToUsd(ether('1000'), 0.00001234)).toBe('$0.01');
    expect(nativeToUsd(ether('2'), 1e-7)).toBe('<$0.01');
  });

  it('shortens an address to the 0x prefix and 3 characters, then the last 4', () => {
    expect(shortenAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39…2266');
    expect(shortenAddress('0x1234')).toBe('0x1234');
  });
});

describe('transaction kind and title (§5)', () => {
  const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  it('is a SEND for to and value, a CONTRACT_CALL for to and data, else UNKNOWN', () => {
    expect(transactionKind({ to, value: 1n, data: '0x' })).toBe('SEND');
    expect(transactionKind({ to, value: 1n, data: '0xa9059cbb' })).toBe('CONTRACT_CALL');
    expect(transactionKind({ to, value: 0n })).toBe('UNKNOWN');
    expect(transactionKind({ to: null, value: 1n, data: '0x60' })).toBe('UNKNOWN');
  });

  it("titles a SEND 'Send {symbol}', anything else 'Review transaction'", () => {
    expect(transactionTitle('SEND', 'ETH')).toBe('Send ETH');
    expect(transactionTitle('SEND', 'POL')).toBe('Send POL');
    expect(transactionTitle('SEND')).toBe('Send ETH');
    expect(transactionTitle('CONTRACT_CALL', 'ETH')).toBe('Review transaction');
    expect(transactionTitle('UNKNOWN', 'ETH')).toBe('Review transaction');
  });
});
