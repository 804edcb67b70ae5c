// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

/// ERC-1271: what a contract account answers when it accepts a signature of a hash.
interface IERC1271 {
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4);
}

/**
 * Never deployed. Its creation code followed by abi.encode(account, hash, wrapped) is the data of
 * an `eth_call` without `to` (src/server/services/login/erc6492.ts), whose answer is one byte:
 * 0x01 when `account` accepts the signature inside `wrapped` for `hash` (ERC-1271), after the
 * wrapper's factory has deployed the account if it has no code yet (ERC-6492), else 0x00. An
 * eth_call keeps no state: the account is deployed only for the call.
 */
contract Erc6492Check {
    /// The last 32 bytes of an ERC-6492 signature.
    bytes32 private constant SUFFIX = 0x6492649264926492649264926492649264926492649264926492649264926492;

    constructor(address account, bytes32 hash, bytes memory wrapped) {
        bool valid = accepts(account, hash, wrapped);
        assembly {
            mstore(0, valid)
            return(31, 1)
        }
    }

    /// `wrapped` is abi.encode(factory, factoryCalldata, signature) followed by SUFFIX.
    function accepts(address account, bytes32 hash, bytes memory wrapped) private returns (bool) {
        uint256 length = wrapped.length;
        if (length < 32) return false;
        bytes32 suffix;
        assembly {
            suffix := mload(add(wrapped, length))
            // Drop the suffix: what remains is the ABI-encoded tuple.
            mstore(wrapped, sub(length, 32))
        }
        if (suffix != SUFFIX) return false;
        (address factory, bytes memory factoryCalldata, bytes memory signature) =
            abi.decode(wrapped, (address, bytes, bytes));
        if (account.code.length == 0) {
            (bool deployed,) = factory.call(factoryCalldata);
            if (!deployed || account.code.length == 0) return false;
        }
        try IERC1271(account).isValidSignature(hash, signature) returns (bytes4 answer) {
            return answer == IERC1271.isValidSignature.selector;
        } catch {
            return false;
        }
    }
}
