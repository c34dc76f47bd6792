// Package conformance checks sobjects from the outside: the load driver ([RunLoad])
// behind `sobjects bench`, and the crash test ([RunCrash]) that kills a real server
// with SIGKILL in the middle of bursts of writes and checks that every acknowledged
// write survived. Both talk to their target over HTTP, the way a user does; the crash
// test also opens the object databases with SQLite, while the server is stopped, to run
// PRAGMA integrity_check.
//
// Layout rule: this package may import package abi, HTTP clients and SQLite (for
// integrity checks of files at rest) only. It must not import host, storage, splitter
// or server: a check that reached into the engine would no longer be a check of what
// users see.
package conformance
