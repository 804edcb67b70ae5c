// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

/// A minimal smart account in the way of ERC-4337 accounts: one owner key signs for it (ERC-1271).
contract OwnedAccount {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    /// Valid when `signature` is the owner's 65-byte ECDSA signature of `hash` itself.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? this.isValidSignature.selector : bytes4(0xffffffff);
    }
}

/// Deploys an owner's account at an address known before (CREATE2), as ERC-4337 factories do.
contract AccountFactory {
    function createAccount(address owner, uint256 salt) external returns (address account) {
        account = getAddress(owner, salt);
        if (account.code.length == 0) new OwnedAccount{salt: bytes32(salt)}(owner);
    }

    function getAddress(address owner, uint256 salt) public view returns (address) {
        bytes32 initCodeHash = keccak256(abi.encodePacked(type(OwnedAccount).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), bytes32(salt), initCodeHash)))));
    }
}
