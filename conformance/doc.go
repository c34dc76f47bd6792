// Package conformance holds what checks sobjects from the outside: the suite of
// behaviour checks and the load driver ([RunLoad]) behind `sobjects bench`. Everything
// here talks to a target over HTTP, the way a user does, so it runs against any target
// that serves the sobjects API: this engine in each durability mode, or another
// implementation.
//
// Layout rule: this package may import package abi (for names and codes) and HTTP
// clients only. It must not import host, storage, splitter or server: a check that
// reached into the engine would no longer be a check of what users see.
package conformance
