// SPDX-License-Identifier: MIT
// Test USDC for the embedded dev chain: 18 decimals like Binance-Peg USDC on BNB Smart Chain, so the
// chain boundary's decimal conversion is exercised exactly as in production.
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

contract TestUSDC is ERC20, Ownable {
    constructor(address holder, uint256 supply) ERC20("USD Coin (dev)", "USDC") Ownable(msg.sender) {
        _mint(holder, supply);
    }

    /// More test money for the dev faucet; only the deployer may print it.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
