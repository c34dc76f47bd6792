// Package storage owns one object's SQLite database (ncruces/go-sqlite3): opening it in
// WAL mode with bounded memory, running plugin SQL behind an authorizer, the hidden KV
// and alarm tables, the transactions and savepoints that group commit is built from,
// and a Pool that bounds how many databases are open at once.
//
// Package storage knows nothing of wasm or HTTP: it may import abi and nothing else of
// sobjects.
package storage
