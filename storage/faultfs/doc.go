// Package faultfs is a fault-injecting SQLite VFS for tests: it wraps the operating
// system's VFS of github.com/ncruces/go-sqlite3/vfs, counts the mutating file
// operations of the databases it opens, and after the k-th one makes the process
// "die" (later operations are dropped), loses power (the same, and writes not yet
// synced are undone), or fails every later write with an I/O error, a full disk or a
// read-only file system. A test opens databases through it with storage.Options.VFS
// (or host.Options.VFS) set to the name FS.Register returns.
//
// It lives beside storage, not under storage/internal, so that the tests of host and
// server can use it too. It is for tests only and may change.
//
// Package faultfs imports nothing of sobjects.
package faultfs
