// Package abi is the contract between the sobjects host and a plugin: the names of the
// exports a plugin provides and of the host functions it imports, the error codes, the
// default limits and the MessagePack subset used on the wire. ABI.md beside this file
// is the specification; this package only names what it says.
//
// Package abi has no behaviour beyond encoding and imports nothing of sobjects; it must
// not import storage, host or anything that knows of SQLite or wasm runtimes.
package abi
