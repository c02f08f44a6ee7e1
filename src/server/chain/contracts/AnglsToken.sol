// SPDX-License-Identifier: MIT
// ANGLS as an ERC-20: the platform mints it when ANGLS leaves as a token and burns what comes back.
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

contract AnglsToken is ERC20, Ownable {
    constructor(address owner_) ERC20("Aeon ANGLS", "ANGLS") Ownable(owner_) {}

    /// Issues tokens for ANGLS that leave the platform; only the platform's wallet may.
    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    /// Burns tokens the platform's wallet holds (ANGLS deposited back).
    function burn(uint256 amount) external {
        _burn(msg.sender, amount);
    }
}
